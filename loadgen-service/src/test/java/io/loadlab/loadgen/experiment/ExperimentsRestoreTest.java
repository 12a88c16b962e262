package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.run.ActiveJob;
import io.loadlab.loadgen.run.DataDir;
import io.loadlab.loadgen.run.RunIds;
import io.loadlab.loadgen.run.RunRegistry;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.RunStore;
import io.loadlab.loadgen.run.RunsConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loadlab.loadgen.scrape.Scraper;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An experiment active when the process died is recorded as failed, with the reason, at the next start. */
class ExperimentsRestoreTest {

    @TempDir
    Path dir;

    @Test
    void anExperimentActiveAtACrashIsFailedWithAReason() {
        Clock clock = Clock.fixed(Instant.parse("2025-01-03T00:00:00Z"), ZoneOffset.UTC);
        ExperimentStore store = new ExperimentStore(new DataDir(dir, ExperimentStoreTest.mapper()));
        ExperimentRecord sample = ExperimentTableTest.sample();
        ExperimentRecord running = ExperimentRecord.started(sample.id(), sample.spec(), sample.createdAt())
                .withCell(sample.cells().get(0));
        store.write(running);

        RunsConfig runsConfig = new RunsConfig() {
            public int maxActive() {
                return 1;
            }

            public int retain() {
                return 10;
            }
        };
        RunIds ids = new RunIds(clock);
        ActiveJob slot = new ActiveJob();
        RunRegistry runs = new RunRegistry(List.of(), new RunStore(new DataDir(dir, ExperimentStoreTest.mapper())), clock, ids,
                runsConfig, List.of(), slot);
        Experiments experiments = new Experiments(runs, store, clock, ids, DefaultConfig.INSTANCE,
                new ExperimentMeters(new SimpleMeterRegistry()), System::nanoTime, slot,
                new TargetMetrics(new Scraper(HttpClient.newHttpClient())));

        ExperimentRecord after = experiments.find(sample.id()).orElseThrow();
        assertEquals(RunState.FAILED, after.state());
        assertEquals(Experiments.DIED, after.failure());
        assertEquals(1, after.cells().size(), "the cells done before the crash are kept");
        assertEquals(after, store.read(sample.id()).orElseThrow(), "and persisted");
        assertEquals(1, after.scaling().size());
    }

    /** The documented defaults, without SmallRye. */
    enum DefaultConfig implements ExperimentsConfig {
        INSTANCE;

        public double cpuSaturation() { return 0.85; }
        public double networkSaturation() { return 0.85; }
        public double loadgenSaturation() { return 0.9; }
        public double scheduleLag() { return 0.1; }
        public double runQueueWait() { return 0.1; }
        public double throttledPeriods() { return 0.25; }
        public java.time.Duration sampleInterval() { return java.time.Duration.ofMillis(250); }
        public java.time.Duration scrapeTimeout() { return java.time.Duration.ofSeconds(2); }
        public int capacityNumber() { return 10_000; }
        public int capacityConnections() { return 4; }
        public java.time.Duration capacityDuration() { return java.time.Duration.ofSeconds(3); }
        public java.time.Duration maxProbeDuration() { return java.time.Duration.ofSeconds(60); }
        public int maxRuns() { return 200; }
        public int retain() { return 50; }
    }
}
