package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 42 case 7: in the open model, a TLS server that stalls every other handshake ({@link StallingTlsServer}) holds
 * the connections, so the requests its schedule intended pile up. Before, a warm-up hid it: its backlog took the whole
 * measured part, which sent almost nothing and said {@code completed} with {@code errors.tls} 0.
 */
class ScheduleShortfallTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());

    /**
     * The JVM's first handshakes load and compile the JDK's TLS stack, on both sides: slow enough to change which
     * connection meets which of the server's stalls. One unasserted run first, against a server of its own.
     */
    @BeforeAll
    static void primeTheJdksTls() throws Exception {
        try (StallingTlsServer server = new StallingTlsServer()) {
            await(new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler())
                    .start(spec(server, 0, 500, 0, 2_000)), 30);
        }
    }

    @Test
    void aMeasuredPartThatSentAFractionOfItsScheduleFailsWithTheCounts() throws Exception {
        try (StallingTlsServer server = new StallingTlsServer()) {
            // rate 50, 4 connections, a connection per request, warm-up 1 s, measured 3 s, 1 s timeout
            HttpRun run = (HttpRun) driver.start(spec(server, 50, 3_000, 1_000, 1_000));
            RunOutcome outcome = await(run, 60);
            HttpReport r = (HttpReport) outcome.report();
            long opened = run.totalIncludingWarmup(Counter.CONNECTIONS_OPENED);
            long handshakes = run.totalIncludingWarmup(Counter.TLS_HANDSHAKES);
            long failed = run.totalIncludingWarmup(Counter.TLS_ERRORS);
            String figures = "failure " + outcome.failure() + "; requests " + r.requests() + ", warmupRequests "
                    + r.warmupRequests() + ", errors " + r.errors() + ", tls failures " + r.tls().failureReasons()
                    + "; whole run: " + opened + " connections opened, " + handshakes + " handshakes, " + failed
                    + " failed; server accepted " + server.accepted() + ", stalled " + server.stalled() + ", answered "
                    + server.answered();

            assertTrue(server.stalled() > 0, figures);
            assertNotNull(outcome.failure(), () -> "never completed: " + figures);
            assertTrue(outcome.failure().contains("intended 150 requests in the measured part"), figures);
            assertTrue(outcome.failure().contains(r.requests() + " answered"), figures);
            assertTrue(r.requests() < 150, figures);
            assertTrue(failed > 0, figures);
            assertTrue(outcome.failure().contains("warm-up included: " + run.completedIncludingWarmup() + " answered, "),
                    figures);
            assertTrue(outcome.failure().contains(", " + failed + " TLS handshakes failed"), figures);
            assertEquals(opened, handshakes + failed, () -> "every handshake begun ended counted: " + figures);
        }
    }

    /** HTTP/1.1 over TLS, 4 connections, a connection per request; the closed model at rate 0. */
    private static HttpRunSpec spec(StallingTlsServer server, double rate, long durationMs, long warmupMs, long timeoutMs) {
        return new HttpRunSpec(URI.create("https://localhost:" + server.port() + "/"), "GET", Map.of(), null, 4, 1,
                Duration.ofMillis(durationMs), Duration.ofMillis(warmupMs), rate, false, Duration.ofMillis(timeoutMs),
                HttpProtocol.HTTP_1_1, 1, new TlsSpec(server.ca(), false, List.of(), List.of(), true));
    }
}
