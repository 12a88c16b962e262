package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.ActiveJobException;
import io.loadlab.loadgen.job.DataDir;
import io.loadlab.loadgen.job.JobIds;
import io.loadlab.loadgen.job.JobStore;
import io.loadlab.loadgen.job.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lifecycle and persistence of runs, without Quarkus: each "restart" is a new registry on the same directory. */
public class RunsTest {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC);
    static final URI TARGET = URI.create("http://127.0.0.1:8080/");

    @TempDir
    Path dir;

    public static ObjectMapper mapper() {
        return RunJson.configure(new ObjectMapper(), List.of(
                new KindTypes(FixedSpec.KIND, FixedSpec.class, FixedReport.class),
                new KindTypes(HttpRunSpec.KIND, HttpRunSpec.class, HttpReport.class)));
    }

    Runs registry(int maxActive, int retain) {
        RunsConfig config = new RunsConfig() {
            public int maxActive() {
                return maxActive;
            }

            public int retain() {
                return retain;
            }
        };
        Jobs jobs = new Jobs(new DataDir(dir, mapper()), CLOCK, new JobIds(CLOCK), new ActiveJob());
        return new Runs(new RunKinds(List.of(new FixedKind())), jobs, CLOCK, config, List.of());
    }

    public static FixedSpec spec(long millis) {
        return new FixedSpec(TARGET, Duration.ofMillis(millis), null, null);
    }

    static RunRecord await(Runs r, String id) throws Exception {
        for (int i = 0; i < 200; i++) {
            RunRecord run = r.find(id).orElseThrow();
            if (run.state().finished()) {
                return run;
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
        throw new AssertionError("run " + id + " did not finish");
    }

    @Test
    void finishedRunSurvivesARestartWithReportAndHistogram() throws Exception {
        Runs first = registry(1, 10);
        RunRecord started = first.start(spec(50));
        assertEquals(RunState.RUNNING, started.state());
        RunRecord done = await(first, started.id());
        assertEquals(RunState.COMPLETED, done.state());

        RunRecord reloaded = registry(1, 10).find(started.id()).orElseThrow();
        assertEquals(RunState.COMPLETED, reloaded.state());
        assertEquals(spec(50), reloaded.spec());
        FixedReport report = assertInstanceOf(FixedReport.class, reloaded.report());
        assertEquals(50, report.requests());
        assertEquals(done.histogram(), reloaded.histogram());
        assertEquals(CLOCK.instant(), reloaded.finishedAt());
    }

    @Test
    void aRunActiveWhenTheProcessDiedIsFailedAfterRestart() throws Exception {
        Runs dying = registry(1, 10);
        RunRecord started = dying.start(spec(60_000));
        assertEquals(RunState.RUNNING, new JobStore<>(new DataDir(dir, mapper()), Runs.JOB).read(started.id()).orElseThrow().state());

        RunRecord after = registry(1, 10).find(started.id()).orElseThrow();
        assertEquals(RunState.FAILED, after.state());
        assertEquals(Runs.DIED, after.failure());
        assertEquals(RunState.FAILED, new JobStore<>(new DataDir(dir, mapper()), Runs.JOB).read(started.id()).orElseThrow().state());
        dying.cancel(started.id());
    }

    @Test
    void corruptFilesAreSkipped() throws Exception {
        Runs first = registry(1, 10);
        String id = await(first, first.start(spec(10)).id()).id();
        Files.writeString(dir.resolve("20990101-000000-000-000.json"), "{not json");
        Files.writeString(dir.resolve("20990101-000000-000-001.json"), "{\"id\":\"20990101-000000-000-001\"}");
        Files.writeString(dir.resolve("notes.txt"), "ignored");

        List<RunRecord> runs = registry(1, 10).list();
        assertEquals(List.of(id), runs.stream().map(RunRecord::id).toList());
    }

    @Test
    void secondActiveRunIsRefusedNamingTheFirst() {
        Runs r = registry(1, 10);
        RunRecord first = r.start(spec(60_000));
        ActiveJobException e = assertThrows(ActiveJobException.class, () -> r.start(spec(10)));
        assertEquals(List.of(new ActiveJob.Job(Runs.JOB.name(), first.id())), e.active());
        r.cancel(first.id());
    }

    @Test
    void cancelKeepsThePartialReport() throws Exception {
        Runs r = registry(1, 10);
        RunRecord run = r.start(spec(60_000));
        TimeUnit.MILLISECONDS.sleep(100);
        RunRecord cancelled = r.cancel(run.id()).orElseThrow().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertEquals(RunState.CANCELLED, cancelled.state());
        FixedReport report = assertInstanceOf(FixedReport.class, cancelled.report());
        assertTrue(report.requests() > 0 && report.requests() < 60_000, "partial: " + report.requests());
        assertTrue(r.cancel(run.id()).isEmpty(), "a finished run cannot be cancelled again");
        assertEquals(RunState.CANCELLED, registry(1, 10).find(run.id()).orElseThrow().state());
    }

    /**
     * Issue 22: a distributed run's progress threw ArithmeticException (counts of 9.2e18) in finish, before the job
     * ended; the throw was swallowed by the done stage and the run held the slot until restart.
     */
    @Test
    void aRunWhoseProgressAndListenerThrowStillEndsAndFreesTheSlot() throws Exception {
        FixedKind overflowing = new FixedKind() {
            @Override
            protected LoadRun start(FixedSpec spec) {
                LoadRun fixed = super.start(spec);
                return new LoadRun() {
                    @Override
                    public RunProgress progress() {
                        throw new ArithmeticException("long overflow");
                    }

                    @Override
                    public void cancel() {
                        fixed.cancel();
                    }

                    @Override
                    public CompletionStage<RunOutcome> done() {
                        return fixed.done();
                    }
                };
            }
        };
        RunListener broken = new RunListener() {
            @Override
            public void started(RunRecord run, LoadRun live) {
            }

            @Override
            public void finished(RunRecord run, RunProgress last) {
                throw new IllegalStateException("a listener that throws");
            }
        };
        Jobs jobs = new Jobs(new DataDir(dir, mapper()), CLOCK, new JobIds(CLOCK), new ActiveJob());
        Runs r = new Runs(new RunKinds(List.of(overflowing)), jobs, CLOCK, registryConfig(), List.of(broken));
        RunRecord first = r.start(spec(10));
        assertEquals(RunState.COMPLETED, await(r, first.id()).state());
        RunRecord second = r.start(spec(10)); // not ActiveJobException: the slot was freed
        assertEquals(RunState.COMPLETED, await(r, second.id()).state());
    }

    private static RunsConfig registryConfig() {
        return new RunsConfig() {
            public int maxActive() {
                return 1;
            }

            public int retain() {
                return 10;
            }
        };
    }

    @Test
    void failureIsRecordedWithItsReason() throws Exception {
        Runs r = registry(1, 10);
        RunRecord run = r.start(new FixedSpec(TARGET, Duration.ofMillis(10), null, "target refused every connection"));
        RunRecord failed = await(r, run.id());
        assertEquals(RunState.FAILED, failed.state());
        assertEquals("target refused every connection", failed.failure());
    }

    @Test
    void memoryKeepsTheNewestRunsAndDiskKeepsAll() throws Exception {
        Runs r = registry(1, 2);
        String oldest = await(r, r.start(spec(1)).id()).id();
        await(r, r.start(spec(1)).id());
        String newest = await(r, r.start(spec(1)).id()).id();
        List<RunRecord> listed = r.list();
        assertEquals(2, listed.size());
        assertEquals(newest, listed.get(0).id());
        assertNotNull(r.find(oldest).orElse(null), "older runs stay readable from disk");
        assertEquals(2, registry(1, 2).list().size());
    }

    @Test
    void idsSortByCreationAndSurviveRestarts() {
        JobIds ids = new JobIds(CLOCK);
        String a = ids.next();
        String b = ids.next();
        assertTrue(a.compareTo(b) < 0);
        JobIds later = new JobIds(CLOCK);
        later.seedAfter(b);
        assertTrue(later.next().compareTo(b) > 0);
        assertTrue(JobIds.valid(a), a);
    }

    @Test
    void noDriverForAKindIsNamed() {
        Runs r = registry(1, 10);
        HttpRunSpec http = new HttpRunSpec(TARGET, "GET", null, null, 1, 1, Duration.ofSeconds(1), null, 0, true,
                Duration.ofSeconds(1));
        assertThrows(NoDriverException.class, () -> r.start(http));
    }
}
