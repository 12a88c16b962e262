package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTP/2 in clear text by prior knowledge against one real nginx ({@code listen ... http2;}): every request begun is
 * counted once, and nginx's own count agrees, whatever the streams per connection, the model, nginx's stream limit or
 * its GOAWAYs.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class H2cRunTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.h2c(HttpRunDriverTest.BODY);
        // Netty's HTTP/2 classes load on the first run: on a busy 2-core machine that took longer than a short run
        await(driver.start(Specs.h2(nginx.h2cUri("/hello"), 1, 1, 300, 0, 0, true, 2_000)), 15);
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    /** Runs {@code spec} and checks nginx answered exactly what the run counted, warm-up included. */
    private HttpReport runCountedByNginx(HttpRunSpec spec) throws Exception {
        long before = nginx.counters()[1];
        HttpRun run = (HttpRun) driver.start(spec);
        RunOutcome outcome = await(run, 15);
        long served = nginx.counters()[1] - before - 1; // the second query counts itself
        HttpReport r = (HttpReport) outcome.report();
        assertNull(outcome.failure(), () -> "failure: " + outcome.failure());
        assertEquals(served, r.requests() + r.warmupRequests(), () -> "nginx served " + served + ", run " + r);
        assertEquals(served, run.completedIncludingWarmup());
        return r;
    }

    @Test
    void closedModelOneStreamPerConnectionCountsWhatNginxServed() throws Exception {
        HttpReport r = runCountedByNginx(Specs.h2(nginx.h2cUri("/hello"), 2, 1, 600, 200, 0, true, 2_000));

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertTrue(r.requests() > 0 && r.warmupRequests() > 0);
        assertEquals(r.requests(), r.latencyMicros().count());
        assertEquals(2, r.connectionsOpened(), "two TCP connections, not one per stream");
        assertEquals(2, r.connectionsEstablished());
        assertEquals(new H2Report(1, 128, 1, 0, Map.of()), r.h2());
        assertNull(r.tls());
    }

    /**
     * A templated two-entry mix over HTTP/2, ten streams per connection: nginx served what the run counted, each name's
     * answers add up to the run's, every stream follows the weights (3:1; over the run within a request per stream).
     */
    @Test
    void aMixOverStreamsCountsPerNameWhatNginxServed() throws Exception {
        HttpRunSpec spec = new HttpRunSpec(nginx.h2cUri("/"), "GET", Map.of(), null, 2, 1, java.time.Duration.ofMillis(600),
                java.time.Duration.ofMillis(200), 0, true, java.time.Duration.ofSeconds(2), HttpProtocol.H2C, 10, null,
                List.of(new io.loadlab.loadgen.mix.RequestSpec("read", 3, "GET", "/a/${id}", Map.of("x-id", "${id}"), null),
                        new io.loadlab.loadgen.mix.RequestSpec("write", 1, "POST", "/b", Map.of(), "{\"id\": \"${id}\"}")),
                Map.of("id", io.loadlab.loadgen.mix.ValueSpec.range(1, 100, null)), 3);
        HttpReport r = runCountedByNginx(spec);

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        RequestReport read = r.mix().get(0);
        RequestReport write = r.mix().get(1);
        assertEquals(r.requests(), read.requests() + write.requests());
        assertEquals(r.warmupRequests(), read.warmupRequests() + write.warmupRequests());
        long all = r.requests() + r.warmupRequests();
        long writes = write.requests() + write.warmupRequests();
        assertTrue(Math.abs(4 * writes - all) <= 4 * 20, () -> writes + " writes of " + all); // within one per stream
    }

    @Test
    void closedModelTenStreamsPerConnectionUsesThemAll() throws Exception {
        HttpReport r = runCountedByNginx(Specs.h2(nginx.h2cUri("/hello"), 2, 10, 600, 200, 0, true, 2_000));

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(2, r.connectionsOpened());
        assertEquals(2, r.connectionsRequested());
        assertEquals(new H2Report(10, 128, 10, 0, Map.of()), r.h2());
    }

    /** Intended times, not answers, set the count: 2 connections x 10 streams at 400/s for 1 s is 400. */
    @Test
    void openModelSendsExactlyRateTimesDuration() throws Exception {
        HttpReport r = runCountedByNginx(Specs.h2(nginx.h2cUri("/hello"), 2, 10, 1_000, 250, 400, true, 2_000));

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(400, r.requests(), "requests intended in the measured 1 s at 400/s");
        assertEquals(100, r.warmupRequests(), "requests intended in the 250 ms warm-up");
        assertEquals(400, r.achievedRate(), 1e-9);
        assertNotNull(r.serviceTimeMicros());
        assertEquals(r.requests(), r.serviceTimeMicros().count());
    }

    /** nginx allows 128 streams: the 72 slots past them wait for a stream, none is refused or an error. */
    @Test
    void streamsBeyondTheServersLimitWaitAndAreNoErrors() throws Exception {
        HttpReport r = runCountedByNginx(Specs.h2(nginx.h2cUri("/hello"), 1, 200, 600, 0, 0, true, 2_000));

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(200, r.h2().streamsRequested());
        assertEquals(128, r.h2().maxConcurrentStreams());
        assertTrue(r.h2().streamsUsed() > 1 && r.h2().streamsUsed() <= 128, () -> "used " + r.h2());
        assertEquals(Map.of(), r.h2().resets());
    }

    /**
     * nginx ends every connection with a GOAWAY after 50 requests (keepalive_requests): the run replaces it and goes
     * on, and what GOAWAYs left unanswered are counted as such, never lost.
     */
    @Test
    void goawaysMidRunReplaceTheConnectionAndLoseNoCount() throws Exception {
        HttpReport r = runCountedByNginx(Specs.h2(nginx.goawayUri("/hello"), 2, 10, 800, 0, 0, true, 2_000));

        assertTrue(r.h2().goaways() > 1, () -> "goaways " + r.h2());
        assertTrue(r.requests() > 100, () -> "went on past the first GOAWAYs: " + r.requests());
        assertEquals(r.errors().goaway(), r.errors().total(), () -> "only streams a GOAWAY left: " + r.errors());
        assertTrue(r.connectionsOpened() > 2, () -> "connections replaced: " + r.connectionsOpened());
        assertEquals(2, r.connectionsEstablished());
    }

    @Test
    void oneRequestPerConnectionWithoutKeepAlive() throws Exception {
        long[] before = nginx.counters();
        HttpReport r = runCountedByNginx(Specs.h2(nginx.h2cUri("/hello"), 2, 1, 500, 0, 0, false, 2_000));
        long[] after = nginx.counters();
        long accepted = after[0] - before[0] - 3; // the three counter queries after the first

        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.connectionsOpened());
        assertEquals(accepted, r.connectionsOpened(), "nginx accepted as many connections as the run opened");
        assertEquals(r.connectionsOpened(), r.connectMicros().count());
    }

    /** A POST with a body, answered 404: counted as answers of that class, the body sent once per stream. */
    @Test
    void postWithABodyAndErrorStatusesAreAnswers() throws Exception {
        HttpRunSpec post = new HttpRunSpec(nginx.h2cUri("/missing"), "POST", Map.of("X-Run", "t", "Connection", "x"),
                "{\"number\":2}", 2, 1, Duration.ofMillis(500), null, 0, true, Duration.ofSeconds(2), HttpProtocol.H2C,
                4, null);
        HttpReport r = runCountedByNginx(post);

        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.errors().status4xx());
        assertEquals(r.requests(), r.errors().total(), () -> "only the status class: " + r.errors());
    }

    /**
     * The setup cross-checked by a peer: h2load, prior knowledge as ours, gets 200 answers from the same port and
     * nginx counts them (a check of the setup, not of speed).
     */
    @Test
    void h2loadSeesTheSameServer() throws Exception {
        String h2load = java.util.stream.Stream.of("/usr/bin/h2load", "/usr/local/bin/h2load")
                .filter(p -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(p))).findFirst()
                .orElseThrow(() -> new AssertionError("h2load not found: install nghttp2-client (.ci/setup does)"));
        long before = nginx.counters()[1];
        Process p = new ProcessBuilder(h2load, "-n", "200", "-c", "2", "-m", "10", nginx.h2cUri("/hello").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readNBytes(64 * 1024), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "h2load ended");
        long served = nginx.counters()[1] - before - 1;

        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("status codes: 200 2xx"), out);
        assertEquals(200, served);
    }

    /**
     * nginx stops (SIGSTOP) mid-run: each stream times out on its own (RST_STREAM CANCEL, the connection kept), and
     * the run ends with every request begun counted once, as answered or timed out.
     */
    @Test
    void aStalledServerTimesStreamsOutAndTheRunEnds() throws Exception {
        HttpRun run = (HttpRun) driver.start(Specs.h2(nginx.h2cUri("/hello"), 2, 5, 1_500, 0, 0, true, 300));
        Thread.sleep(400);
        nginx.pause();
        try {
            Thread.sleep(700);
        } finally {
            nginx.resume();
        }
        RunOutcome outcome = await(run, 15);
        HttpReport r = (HttpReport) outcome.report();

        assertNull(outcome.failure(), () -> "failure " + outcome.failure());
        assertTrue(r.errors().timeout() >= 10, () -> "each of the 10 streams in flight timed out: " + r.errors());
        assertEquals(r.errors().timeout(), r.errors().total(), () -> "only timeouts: " + r.errors());
        assertTrue(r.requests() > 0);
        assertEquals(2, r.connectionsOpened(), "streams time out, their connections stay");
    }

    /** An HTTP/1.1 port spoken to in h2c: nginx answers 400 to the preface; a failed run naming why, no hang. */
    @Test
    void aServerThatIsNotHttp2FailsTheRunClearly() throws Exception {
        RunOutcome outcome = await(driver.start(Specs.h2(nginx.uri("/hello"), 2, 4, 500, 0, 0, true, 1_000)), 15);
        HttpReport r = (HttpReport) outcome.report();

        assertNotNull(outcome.failure());
        assertTrue(outcome.failure().contains("SETTINGS"), () -> "failure: " + outcome.failure());
        assertEquals(0, r.requests());
        assertEquals(2, r.connectionsNeverOpened());
        assertTrue(r.errors().connect() > 0, () -> "errors " + r.errors());
    }
}
