package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.StallingClock;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs against a real nginx and checks the figures against what nginx itself counted. */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpRunDriverTest {

    static final String BODY = "{\"code\":200,\"msg\":\"ok\",\"body\":[{\"name\":\"nginx\",\"version\":\"1.18\"}]}";

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;
    private int responseBytes;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.start(BODY);
        responseBytes = nginx.responseBytes("/hello");
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    static RunOutcome await(LoadRun run, long seconds) throws Exception {
        return run.done().toCompletableFuture().get(seconds, TimeUnit.SECONDS);
    }

    @Test
    void closedModelCountsEveryAnswerAndEveryByte() throws Exception {
        HttpRunSpec spec = Specs.closed(nginx.uri("/hello"), 4, 2, 1_000);
        RunOutcome outcome = await(driver.start(spec), 10);
        HttpReport r = (HttpReport) outcome.report();

        assertNull(outcome.failure());
        assertFalse(outcome.cancelled());
        assertTrue(r.requests() > 0);
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals((long) responseBytes * r.requests(), r.bytesReceived());
        assertEquals((long) RequestTemplate.encode(spec).length() * r.requests(), r.bytesSent());
        assertEquals(r.requests(), r.latencyMicros().count());
        assertEquals(4, r.connectionsOpened());
        assertEquals(4, r.connectionsRequested());
        assertEquals(4, r.connectionsEstablished());
        assertEquals(0, r.connectionsNeverOpened());
        assertNull(r.serviceTimeMicros());
        assertNull(r.connectMicros());
        assertEquals(r.requests(), HistogramCodec.decode(outcome.histogram()).getTotalCount());
        assertEquals(1.0, r.durationSeconds(), 1e-9);
    }

    /**
     * The one-second series a run keeps (for per-second charts and for agents' deliveries) adds up to its report:
     * every measured request and every latency value is in exactly one interval, indices strictly increase, and
     * the last interval is closed by the time the run completes.
     */
    @Test
    void theRunsOneSecondIntervalsAddUpToItsReport() throws Exception {
        LoadRun run = driver.start(Specs.spec(nginx.uri("/hello"), 2, 1, 2_200, 300, 0, true, 2_000));
        HttpReport r = (HttpReport) await(run, 15).report();
        IntervalSeries series = run.intervals();

        assertNotNull(series);
        assertTrue(series.finished());
        List<IntervalSample> all = series.all();
        assertTrue(all.size() >= 3, "2.5 s of run closes at least 3 intervals: " + all.size());
        long requests = 0;
        long latencies = 0;
        for (int i = 0; i < all.size(); i++) {
            if (i > 0) {
                assertTrue(all.get(i).index() > all.get(i - 1).index());
            }
            requests += all.get(i).measured().count(Counter.COMPLETED);
            latencies += HistogramCodec.decode(all.get(i).measured().latency()).getTotalCount();
        }
        assertEquals(r.requests(), requests);
        assertEquals(r.latencyMicros().count(), latencies);
    }

    @Test
    void warmUpPlusMeasuredEqualsWhatTheServerCounted() throws Exception {
        long before = nginx.counters()[1];
        HttpRun run = (HttpRun) driver.start(Specs.spec(nginx.uri("/hello"), 3, 1, 800, 400, 0, true, 2_000));
        HttpReport r = (HttpReport) await(run, 10).report();
        long served = nginx.counters()[1] - before - 1; // the second query counts itself

        assertEquals(0, r.errors().total());
        assertTrue(r.warmupRequests() > 0 && r.requests() > 0);
        assertEquals(served, r.requests() + r.warmupRequests());
        assertEquals(served, run.completedIncludingWarmup());
        assertEquals(r.requests(), r.latencyMicros().count(), "warm-up latencies are not in the report");
    }

    @Test
    void postWithABodyAndErrorStatusesAreCountedAsAnswers() throws Exception {
        HttpRunSpec post = new HttpRunSpec(nginx.uri("/missing"), "POST", java.util.Map.of("X-Run", "t"),
                "{\"number\":2}", 2, 1, java.time.Duration.ofMillis(500), null, 0, true, java.time.Duration.ofSeconds(2));
        HttpReport r = (HttpReport) await(driver.start(post), 10).report();

        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.errors().status4xx());
        assertEquals(r.requests(), r.errors().total(), "only the status class, no socket error");
        assertEquals((long) RequestTemplate.encode(post).length() * r.requests(), r.bytesSent());
    }

    /** A redirect is not the resource asked for: counted apart, as an error, never silently a success. */
    @Test
    void redirectsAreCountedAsTheirOwnErrorClass() throws Exception {
        HttpReport r = (HttpReport) await(driver.start(Specs.closed(nginx.uri("/moved"), 2, 1, 500)), 10).report();

        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.errors().status3xx());
        assertEquals(r.requests(), r.errors().total(), () -> "only the status class: " + r.errors());
    }

    @Test
    void openModelSendsExactlyRateTimesDuration() throws Exception {
        RunOutcome outcome = await(driver.start(Specs.spec(nginx.uri("/hello"), 4, 2, 3_000, 0, 200, true, 2_000)), 10);
        HttpReport r = (HttpReport) outcome.report();

        assertEquals(0, r.errors().total());
        assertEquals(200, r.requestedRate());
        // two loops at 100/s each, offset by 5 ms: slots at 0, 10, ... 2990 ms and 5, 15, ... 2995 ms
        assertEquals(600, r.requests(), "requests intended in the measured 3 s at 200/s");
        assertEquals(200, r.achievedRate(), 1e-9);
        assertNotNull(r.serviceTimeMicros());
        assertEquals(r.requests(), r.serviceTimeMicros().count());
    }

    /**
     * The generator freezes for 300 ms, 100 ms before the warm-up ends: the 20 requests intended in
     * those 100 ms go out late, in the measured part, but stay warm-up requests (issue 10, item 4).
     */
    @Test
    void requestsIntendedInTheWarmUpButSentLateStayWarmUpRequests() throws Exception {
        StallingClock clock = new StallingClock(TimeUnit.MILLISECONDS.toNanos(300), TimeUnit.MILLISECONDS.toNanos(300));
        HttpRunDriver stalling = new HttpRunDriver(clock, address -> true, new IntervalScheduler());
        HttpReport r = (HttpReport) await(stalling.start(Specs.spec(nginx.uri("/hello"), 4, 1, 3_000, 400, 200, true,
                2_000)), 10).report();

        assertTrue(clock.stalled(), "the generator stalled");
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(80, r.warmupRequests(), "slots at 0, 5, ... 395 ms");
        assertEquals(600, r.requests(), "slots at 400, 405, ... 3395 ms");
        assertEquals(r.requests(), r.latencyMicros().count());
    }

    @Test
    void withoutKeepAliveEveryRequestOpensItsOwnConnection() throws Exception {
        long acceptedBefore = nginx.counters()[0];
        HttpReport r = (HttpReport) await(driver.start(Specs.spec(nginx.uri("/hello"), 2, 1, 600, 0, 0, false, 2_000)), 10).report();
        long accepted = nginx.counters()[0] - acceptedBefore - 1;

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.connectionsOpened());
        assertEquals(accepted, r.connectionsOpened(), "nginx accepted as many connections as the run opened");
        assertEquals(r.connectionsOpened(), r.connectMicros().count());
    }

    @Test
    void aStalledServerShowsInCorrectedLatencyNotInServiceTime() throws Exception {
        LoadRun run = driver.start(Specs.spec(nginx.uri("/hello"), 10, 1, 2_000, 0, 1_000, true, 5_000));
        Thread.sleep(700);
        nginx.pause();
        try {
            Thread.sleep(500);
        } finally {
            nginx.resume();
        }
        HttpReport r = (HttpReport) await(run, 15).report();

        assertEquals(0, r.errors().total());
        assertTrue(r.latencyMicros().p99() > 200_000, () -> "corrected p99 " + r.latencyMicros());
        assertTrue(r.latencyMicros().p99() > 5 * r.serviceTimeMicros().p99(),
                () -> "corrected " + r.latencyMicros() + " service " + r.serviceTimeMicros());
    }

    @Test
    void cancelEndsTheRunWithAPartialReport() throws Exception {
        LoadRun run = driver.start(Specs.closed(nginx.uri("/hello"), 2, 1, 30_000));
        Thread.sleep(300);
        run.cancel();
        run.cancel();
        RunOutcome outcome = await(run, 5);
        HttpReport r = (HttpReport) outcome.report();

        assertTrue(outcome.cancelled());
        assertNull(outcome.failure());
        assertTrue(r.requests() > 0);
        assertTrue(r.durationSeconds() < 5, () -> "measured " + r.durationSeconds());
        assertEquals(0, run.progress().activeConnections());
    }
}
