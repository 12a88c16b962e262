package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.JsonFileStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One JSON file per experiment under {@code <loadgen.data-dir>/experiments}, written atomically like runs. */
@ApplicationScoped
public class ExperimentStore {

    private final JsonFileStore<ExperimentRecord> files;

    @Inject
    public ExperimentStore(@ConfigProperty(name = "loadgen.data-dir", defaultValue = "loadgen-data") Path dataDir,
                           ObjectMapper mapper) {
        this.files = new JsonFileStore<>(dataDir.resolve("experiments"), mapper, ExperimentRecord.class,
                ExperimentRecord::id, "experiment");
    }

    public void write(ExperimentRecord x) {
        files.write(x);
    }

    public Optional<ExperimentRecord> read(String id) {
        return files.read(id);
    }

    public List<ExperimentRecord> newest(int limit) {
        return files.newest(limit);
    }
}
