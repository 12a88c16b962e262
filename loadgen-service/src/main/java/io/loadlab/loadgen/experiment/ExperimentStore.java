package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.DataDir;
import io.loadlab.loadgen.run.JsonFileStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;

/** One JSON file per experiment under {@code <loadgen.data-dir>/experiments}, written atomically like runs. */
@ApplicationScoped
public class ExperimentStore {

    private final DataDir dataDir;
    private final JsonFileStore<ExperimentRecord> files;

    @Inject
    public ExperimentStore(DataDir dataDir) {
        this.dataDir = dataDir;
        this.files = dataDir.store("experiments", ExperimentRecord.class, ExperimentRecord::id, "experiment");
    }

    /**
     * Writes an experiment about to start, or refuses it.
     *
     * @throws io.loadlab.loadgen.run.DataDirUnavailableException when the data dir cannot take it
     */
    public void write(ExperimentRecord x) {
        dataDir.requireWritable();
        files.write(x);
    }

    /** Writes a step that must not be lost, keeping it in memory until the data dir takes it. */
    public void save(ExperimentRecord x) {
        files.save(x);
        dataDir.kept();
    }

    public Optional<ExperimentRecord> read(String id) {
        return files.read(id);
    }

    public List<ExperimentRecord> newest(int limit) {
        return files.newest(limit);
    }
}
