package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One JSON file per run under {@code loadgen.data-dir}, named {@code <id>.json}, written atomically
 * ({@link JsonFileStore}). Other records (experiments) live in subdirectories of the same data dir.
 */
@ApplicationScoped
public class RunStore {

    private final JsonFileStore<RunRecord> files;

    @Inject
    public RunStore(@ConfigProperty(name = "loadgen.data-dir", defaultValue = "loadgen-data") Path dir,
                    ObjectMapper mapper) {
        this.files = new JsonFileStore<>(dir, mapper, RunRecord.class, RunRecord::id, "run");
    }

    public Path dir() {
        return files.dir();
    }

    public void write(RunRecord run) {
        files.write(run);
    }

    /** The run persisted under {@code id}; empty if there is none or it cannot be read. */
    public Optional<RunRecord> read(String id) {
        return files.read(id);
    }

    /** Up to {@code limit} readable runs, newest first; corrupt files are skipped and logged. */
    public List<RunRecord> newest(int limit) {
        return files.newest(limit);
    }
}
