package io.loadlab.loadgen.run;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One JSON file per run under {@code loadgen.data-dir}, named {@code <id>.json}, written atomically
 * ({@link JsonFileStore}). Other records (experiments) live in subdirectories of the same data dir.
 */
@ApplicationScoped
public class RunStore {

    private final DataDir dataDir;
    private final JsonFileStore<RunRecord> files;

    @Inject
    public RunStore(DataDir dataDir) {
        this.dataDir = dataDir;
        this.files = dataDir.store("", RunRecord.class, RunRecord::id, "run");
    }

    public Path dir() {
        return files.dir();
    }

    /**
     * Writes a run about to start, or refuses it.
     *
     * @throws DataDirUnavailableException when the data dir cannot take it
     */
    public void write(RunRecord run) {
        dataDir.requireWritable();
        files.write(run);
    }

    /** Writes a run that must not be lost, keeping it in memory until the data dir takes it. */
    public void save(RunRecord run) {
        files.save(run);
        dataDir.kept();
    }

    /** The run persisted (or waiting to be) under {@code id}; empty if there is none or it cannot be read. */
    public Optional<RunRecord> read(String id) {
        return files.read(id);
    }

    /** Up to {@code limit} readable runs, newest first; corrupt files are skipped and logged. */
    public List<RunRecord> newest(int limit) {
        return files.newest(limit);
    }
}
