package io.loadlab.loadgen.job;

import java.util.List;
import java.util.Optional;

/**
 * One JSON file per job of one kind under {@code <loadgen.data-dir>/<kind dir>}, written atomically
 * ({@link JsonFileStore}). The one store every kind of job is kept in.
 *
 * @param <R> the kind's record
 */
public final class JobStore<R extends JobRecord> {

    private final DataDir dataDir;
    private final JsonFileStore<R> files;

    public JobStore(DataDir dataDir, JobKind<R, ?> kind) {
        this.dataDir = dataDir;
        this.files = kind.files(dataDir);
    }

    /**
     * Writes a job about to start, or refuses it.
     *
     * @throws DataDirUnavailableException when the data dir cannot take it
     */
    public void write(R record) {
        dataDir.requireWritable();
        files.write(record);
    }

    /** Writes a step that must not be lost, keeping it in memory until the data dir takes it. */
    public void save(R record) {
        files.save(record);
        dataDir.kept();
    }

    /** The job persisted (or waiting to be) under {@code id}; empty if there is none or it cannot be read. */
    public Optional<R> read(String id) {
        return files.read(id);
    }

    /** How many jobs are stored, on disk or waiting to be. */
    public int count() {
        return files.count();
    }

    /** Up to {@code limit} readable jobs, newest first; corrupt files are skipped and logged. */
    public List<R> newest(int limit) {
        return files.newest(limit);
    }
}
