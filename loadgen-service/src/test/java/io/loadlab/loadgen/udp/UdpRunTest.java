package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.StallingClock;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongReport;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongSpec;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputReport;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadKind;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadReport;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadSpec;
import io.loadlab.testsupport.SockperfServer;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import io.loadlab.loadgen.scrape.Scraper;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** UDP runs against real peers on loopback: the stock sockperf server, a stand-in reflector, a silent socket. */
@SystemTest
class UdpRunTest {

    private static final NanoClock CLOCK = System::nanoTime;
    private static final Scraper SCRAPER = new Scraper(HttpClient.newHttpClient());
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    static RunOutcome run(RunSpec spec) throws Exception {
        return start(new UdpRunDriver(CLOCK, address -> true, SCRAPER), spec).done().toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
    }

    /** A run of {@code spec} started as its kind's descriptor starts it, on {@code driver}. */
    static LoadRun start(UdpRunDriver driver, RunSpec spec) {
        UdpKind<?, ?> kind = switch (spec.kind()) {
            case UdpThroughputSpec.KIND -> new UdpThroughputKind(null, null);
            case UdpPingPongSpec.KIND -> new UdpPingPongKind(null, null);
            default -> new UdpUnderLoadKind(null, null);
        };
        kind.driver(driver);
        return kind.launch(spec);
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

            // 5,000/s, not 20,000/s: a sockperf server starved by a CPU hog for 15 ms overflows its default 208 KiB
            // receive buffer at 20,000/s (81 of 2,000 pongs lost in one busy CI run). Loss is then real, so the
            // exact relation is the accounting; that most pongs came back proves the wire format.
            RunOutcome u = run(new UdpUnderLoadSpec(server.target(), 64, 5_000, 10, ONE_SECOND, Duration.ZERO, null));
            UdpUnderLoadReport ur = (UdpUnderLoadReport) u.report();
            assertNull(u.failure());
            assertEquals(5_000, ur.messagesSent(), "messages intended in the measured second at 5,000/s");
            assertEquals(ur.messagesSent() / 10, ur.pongsRequested(), 1, ur.toString());
            assertEquals(ur.pongsRequested(), ur.pongsReceived() + ur.dropped(), ur.toString());
            assertTrue(ur.pongsReceived() >= ur.pongsRequested() * 9 / 10 && ur.latencyMicros().p50() > 0, ur.toString());
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
            assertEquals(5_000, r.messagesSent(), "messages intended in the measured second at 5,000/s");
            assertEquals(1_000, r.warmupMessagesSent(), "messages intended in the 200 ms warm-up");
        }
    }

    /**
     * The sending thread freezes for 300 ms, 100 ms before the warm-up ends: the 100 messages intended in
     * those 100 ms go out late, in the measured part, but stay warm-up messages (issue 10, item 4).
     */
    @Test
    void messagesIntendedInTheWarmUpButSentLateStayWarmUpMessages() throws Exception {
        try (SockperfServer server = SockperfServer.start()) {
            StallingClock clock = new StallingClock(TimeUnit.MILLISECONDS.toNanos(300), TimeUnit.MILLISECONDS.toNanos(300));
            RunOutcome o = start(new UdpRunDriver(clock, address -> true, SCRAPER), new UdpThroughputSpec(server.target(), 64, 1_000, ONE_SECOND, Duration.ofMillis(400), null))
                    .done().toCompletableFuture().get(20, TimeUnit.SECONDS);
            UdpThroughputReport r = (UdpThroughputReport) o.report();
            assertNull(o.failure());
            assertTrue(clock.stalled(), "the sender stalled");
            assertEquals(400, r.warmupMessagesSent(), r.toString());
            assertEquals(1_000, r.messagesSent(), r.toString());
        }
    }

    @Test
    void aSilentPeerEndsTheRunAtItsDurationWithEveryDropCounted() throws Exception {
        try (FakeReflector silent = new FakeReflector(false)) {
            RunOutcome o = run(new UdpPingPongSpec(silent.target(), 64, 0, ONE_SECOND, Duration.ZERO));
            UdpPingPongReport r = (UdpPingPongReport) o.report();
            // One ping per 200 ms pong timeout: 5 in the second, never more; a run that outlived its duration
            // waiting would show more, so the count bounds the time without a wall clock.
            assertTrue(r.messagesSent() >= 1 && r.messagesSent() <= 5, r.toString());
            assertEquals(r.messagesSent(), r.dropped(), r.toString());
            assertEquals(0, r.pongsReceived());
            assertNotNull(o.failure());
            assertTrue(o.failure().contains("no pong came back"), o.failure());
        }
    }

    @Test
    void cancelStopsAPingPongPromptly() throws Exception {
        try (FakeReflector silent = new FakeReflector(false)) {
            var run = start(new UdpRunDriver(CLOCK, address -> true, SCRAPER), new UdpPingPongSpec(silent.target(), 64, 0,
                    Duration.ofSeconds(30), Duration.ZERO));
            Thread.sleep(100);
            run.cancel();
            RunOutcome o = run.done().toCompletableFuture().get(2, TimeUnit.SECONDS);
            assertTrue(o.cancelled());
            // Cut short: a 30 s run, cancelled after 100 ms; 10 s leaves room for a starved machine.
            assertTrue(((UdpPingPongReport) o.report()).durationSeconds() < 10);
        }
    }

    @Test
    void anUnresolvableTargetFailsAtOnce() throws Exception {
        RunOutcome o = run(new UdpPingPongSpec(URI.create("udp://no-such-host.invalid:9"), 64, 0, ONE_SECOND, Duration.ZERO));
        assertTrue(o.failure().startsWith("cannot resolve"), o.failure());
    }

    /**
     * An Error on the loop's thread (here an OutOfMemoryError from its clock, once) ends the run failed with it, its
     * figures kept (issue 22: it escaped drive()'s catch of IOException and RuntimeException, so the run stayed
     * active until the watchdog called it wedged).
     */
    @Test
    void anErrorOnTheLoopsThreadFailsTheRunWithIt() throws Exception {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        NanoClock failingOnce = () -> {
            if (Thread.currentThread().getName().startsWith("loadgen-" + UdpPingPongSpec.KIND)
                    && calls.incrementAndGet() == 50) {
                throw new OutOfMemoryError("test: heap");
            }
            return System.nanoTime();
        };
        try (FakeReflector reflector = new FakeReflector(true)) {
            RunOutcome o = start(new UdpRunDriver(failingOnce, address -> true, SCRAPER), new UdpPingPongSpec(reflector.target(), 64, 0, Duration.ofSeconds(30), Duration.ZERO))
                    .done().toCompletableFuture().get(20, TimeUnit.SECONDS);
            assertEquals("the UDP loop stopped: java.lang.OutOfMemoryError: test: heap", o.failure());
            assertNotNull(o.report(), "what it measured is kept");
        }
    }
}
