package io.loadlab.loadgen.data;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.nio.file.Path;
import java.util.Optional;

/** How many data files may be uploaded and how big, and the read-only directory of an operator's own. */
@ConfigMapping(prefix = "loadgen.data")
public interface DataConfig {

    /**
     * One file's size, uploaded or in the directory. 16 MiB holds a million 10-digit ids with room to spare (11 MB);
     * {@code quarkus.http.limits.max-body-size} must be at least this for an upload to reach the API.
     */
    @WithDefault("16777216")
    long maxFileBytes();

    /** Files uploaded (the directory's do not count): 100 of 16 MiB is 1.6 GB of the data dir at most. */
    @WithDefault("100")
    int maxFiles();

    /** An allowlisted read-only directory (a ConfigMap mount); its files are listed and read, never written. */
    Optional<Path> directory();
}
