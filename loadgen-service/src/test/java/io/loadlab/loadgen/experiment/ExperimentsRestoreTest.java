package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.calibrate.Calibrations;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.job.JobIds;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.job.JobStore;
import io.loadlab.loadgen.job.Jobs;
import io.loadlab.loadgen.run.RunsConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loadlab.loadgen.resource.Sources;
import io.loadlab.loadgen.scrape.Scraper;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
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
        JobStore<ExperimentRecord> store = new JobStore<>(new DataDir(dir, ExperimentStoreTest.mapper()), Experiments.JOB);
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
        Jobs jobs = new Jobs(new DataDir(dir, ExperimentStoreTest.mapper()), clock, new JobIds(clock), new ActiveJob());
        Runs runs = new Runs(new RunKinds(List.of()), jobs, clock, runsConfig, List.of());
        Experiments experiments = new Experiments(runs, jobs, clock, DefaultConfig.INSTANCE,
                new ExperimentMeters(new SimpleMeterRegistry()), System::nanoTime,
                new Sources(new Scraper(HttpClient.newHttpClient()), HttpClient.newHttpClient(), clock, System::nanoTime, Duration.ofSeconds(2)), new RunKinds(List.of()),
                new Calibrations(runs, jobs, clock, new RunKinds(List.of())), List.of(), AgentDiscovery.none());

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
        public int maxTargets() { return 100; }
        public int maxVariants() { return 100; }
        public int retain() { return 50; }
        public double suspectShare() { return 0.7; }
    }
}
