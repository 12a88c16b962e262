package io.loadlab.loadgen.job;

import java.nio.file.Path;

/** Nothing can be started: the data dir cannot take its records. The API answers 503 naming the dir and the cause. */
public class DataDirUnavailableException extends RuntimeException {

    private final Path dataDir;

    public DataDirUnavailableException(Path dataDir, String problem) {
        super("data dir " + dataDir + " not writable: " + problem, null, false, false);
        this.dataDir = dataDir;
    }

    public Path dataDir() {
        return dataDir;
    }
}
