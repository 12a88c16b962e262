package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunSpec;
import org.junit.jupiter.api.Test;

import io.loadlab.loadgen.scrape.Scraper;

import java.net.http.HttpClient;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** UDP runs against real peers on loopback: the stock sockperf server, a stand-in reflector, a silent socket. */
class UdpRunTest {

    private static final NanoClock CLOCK = System::nanoTime;
    private static final Scraper SCRAPER = new Scraper(HttpClient.newHttpClient());
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    static RunOutcome run(RunSpec spec) throws Exception {
        UdpRunDriver driver = switch (spec.kind()) {
            case UdpThroughputSpec.KIND -> new UdpThroughputDriver(CLOCK, address -> true, SCRAPER);
            case UdpPingPongSpec.KIND -> new UdpPingPongDriver(CLOCK, address -> true, SCRAPER);
            default -> new UdpUnderLoadDriver(CLOCK, address -> true, SCRAPER);
        };
        return driver.start(spec).done().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    @Test
    void pingPongAgainstSockperfServer() throws Exception {
        try (SockperfServer server = SockperfServer.start()) {
            RunOutcome o = run(new UdpPingPongSpec(server.target(), 64, 0, ONE_SECOND, Duration.ofMillis(200)));
            assertNull(o.failure());
            UdpPingPongReport r = (UdpPingPongReport) o.report();
            assertTrue(r.messagesSent() > 1000, r.toString());
            assertEquals(r.messagesSent(), r.pongsReceived() + r.dropped(), r.toString());
            assertEquals(0, r.duplicated() + r.outOfOrder() + r.errors(), r.toString());
            assertTrue(r.dropped() <= 1, r.toString());
            assertTrue(r.latencyMicros().p50() > 0 && r.rttMicros().p50() > r.latencyMicros().p50(), r.toString());
            assertEquals(r.rttMicros().p50() / 2, r.latencyMicros().p50(), 1e-9);
            // Two processes and four syscalls cannot make a round trip in under a microsecond: a smaller
            // minimum means the clock started after the send (the pong can land before write() returns).
            assertTrue(r.rttMicros().min() >= 1.0, "round trip measured from before the send: " + r.rttMicros());
            assertNotNull(o.histogram());
        }
    }

    @Test
    void throughputAndUnderLoadAgainstSockperfServer() throws Exception {
        try (SockperfServer server = SockperfServer.start()) {
            RunOutcome t = run(new UdpThroughputSpec(server.target(), 1472, 0, ONE_SECOND, Duration.ZERO, null));
            UdpThroughputReport tr = (UdpThroughputReport) t.report();
            assertNull(t.failure());
            assertTrue(tr.messagesSent() > 10_000 && tr.megabitsPerSecond() > 0, tr.toString());
            assertNull(tr.received());

            RunOutcome u = run(new UdpUnderLoadSpec(server.target(), 64, 20_000, 10, ONE_SECOND, Duration.ZERO, null));
            UdpUnderLoadReport ur = (UdpUnderLoadReport) u.report();
            assertNull(u.failure());
            assertEquals(20_000, ur.messagesSent(), 400, ur.toString());
            assertEquals(ur.messagesSent() / 10, ur.pongsRequested(), 1, ur.toString());
            assertEquals(ur.pongsRequested(), ur.pongsReceived() + ur.dropped(), ur.toString());
            assertTrue(ur.dropped() <= 1 && ur.latencyMicros().p50() > 0, ur.toString());
        }
    }

    @Test
    void targetMetricsCountEveryMessageAtAModestRate() throws Exception {
        try (FakeReflector reflector = new FakeReflector(true)) {
            RunOutcome o = run(new UdpThroughputSpec(reflector.target(), 200, 5_000, ONE_SECOND,
                    Duration.ofMillis(200), reflector.metrics()));
            UdpThroughputReport r = (UdpThroughputReport) o.report();
            assertNull(o.failure());
            assertEquals(r.messagesSent() + r.warmupMessagesSent(), r.received(), r.toString());
            assertEquals(0, r.lost());
            assertEquals(0.0, r.lossPercent());
            assertEquals(5_000, r.messagesSent(), 100, r.toString());
        }
    }

    @Test
    void aSilentPeerEndsTheRunAtItsDurationWithEveryDropCounted() throws Exception {
        try (FakeReflector silent = new FakeReflector(false)) {
            long start = System.nanoTime();
            RunOutcome o = run(new UdpPingPongSpec(silent.target(), 64, 0, ONE_SECOND, Duration.ZERO));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 2.5, "took " + seconds + " s");
            UdpPingPongReport r = (UdpPingPongReport) o.report();
            assertTrue(r.messagesSent() >= 4, r.toString()); // one per 200 ms pong timeout
            assertEquals(r.messagesSent(), r.dropped(), r.toString());
            assertEquals(0, r.pongsReceived());
            assertNotNull(o.failure());
            assertTrue(o.failure().contains("no pong came back"), o.failure());
        }
    }

    @Test
    void cancelStopsAPingPongPromptly() throws Exception {
        try (FakeReflector silent = new FakeReflector(false)) {
            var run = new UdpPingPongDriver(CLOCK, address -> true, SCRAPER).start(new UdpPingPongSpec(silent.target(), 64, 0,
                    Duration.ofSeconds(30), Duration.ZERO));
            Thread.sleep(100);
            run.cancel();
            RunOutcome o = run.done().toCompletableFuture().get(2, TimeUnit.SECONDS);
            assertTrue(o.cancelled());
            assertTrue(((UdpPingPongReport) o.report()).durationSeconds() < 1);
        }
    }

    @Test
    void anUnresolvableTargetFailsAtOnce() throws Exception {
        RunOutcome o = run(new UdpPingPongSpec(URI.create("udp://no-such-host.invalid:9"), 64, 0, ONE_SECOND, Duration.ZERO));
        assertTrue(o.failure().startsWith("cannot resolve"), o.failure());
    }
}
