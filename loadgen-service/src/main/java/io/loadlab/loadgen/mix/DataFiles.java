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

    /**
     * The values of column {@code column} of file {@code name} ({@link CsvColumn#read}), empty when there is no such
     * file. The data package's reads each version of a file once, refused by {@code room} before it is read, and
     * shares the values with every placeholder and run that asks while any holds them; this default, for files
     * made up in code, reads them anew each time.
     *
     * @throws CsvException       the file is malformed or has no such column
     * @throws HeapRoom.Refused   its values would not fit in the heap
     */
    default Optional<PackedValues> column(String name, String column, HeapRoom room) throws IOException {
        Optional<InputStream> opened = open(name);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = opened.get()) {
            return Optional.of(CsvColumn.read(in, column));
        }
    }
}
