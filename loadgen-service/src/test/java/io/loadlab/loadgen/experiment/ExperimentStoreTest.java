package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.job.JobStore;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.run.KindTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExperimentStoreTest {

    @TempDir
    Path dir;

    static ObjectMapper mapper() {
        return RunJson.configure(new ObjectMapper(), List.of(new KindTypes(HttpRunSpec.KIND, HttpRunSpec.class, HttpReport.class)));
    }

    @Test
    void roundTripKeepsEveryField() throws Exception {
        JobStore<ExperimentRecord> store = new JobStore<>(new DataDir(dir, mapper()), Experiments.JOB);
        ExperimentRecord x = ExperimentTableTest.sample();
        store.write(x);
        assertEquals(x, store.read(x.id()).orElseThrow());
        assertEquals(List.of(x), new JobStore<>(new DataDir(dir, mapper()), Experiments.JOB).newest(10), "a new store on the same dir reads it back");
        assertTrue(Files.isRegularFile(dir.resolve("experiments").resolve(x.id() + ".json")));
        try (var files = Files.list(dir.resolve("experiments"))) {
            assertEquals(1, files.count(), "no temp file left behind");
        }
    }

    @Test
    void corruptFilesAreSkipped() throws Exception {
        JobStore<ExperimentRecord> store = new JobStore<>(new DataDir(dir, mapper()), Experiments.JOB);
        ExperimentRecord x = ExperimentTableTest.sample();
        store.write(x);
        Files.writeString(dir.resolve("experiments").resolve("20250102-030405-000-009.json"), "{\"id\":");
        assertEquals(List.of(x), store.newest(10));
    }
}
