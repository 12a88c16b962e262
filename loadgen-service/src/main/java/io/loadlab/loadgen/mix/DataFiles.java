package io.loadlab.loadgen.mix;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The data files a spec may name: those uploaded with {@code POST /data} and those in the allowlisted directory (a
 * ConfigMap mount in Kubernetes). Implemented by the {@code data} package; the mix only reads.
 */
public interface DataFiles {

    /** The file called {@code name}, opened for reading, or empty when there is none (or the name is not allowed). */
    Optional<InputStream> open(String name) throws IOException;
}
