package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.IntervalScheduler;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.FreePorts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Targets that refuse or never answer: errors are counted and the run still ends on time. */
class HttpRunFailuresTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());

    @Test
    void refusedPortGivesConnectErrorsAndEndsAtItsDuration() throws Exception {
        URI target = URI.create("http://127.0.0.1:" + FreePorts.tcp() + "/");
        long start = System.nanoTime();
        RunOutcome outcome = HttpRunDriverTest.await(driver.start(Specs.closed(target, 2, 1, 800)), 10);
        double seconds = (System.nanoTime() - start) / 1e9;
        HttpReport r = (HttpReport) outcome.report();

        assertTrue(r.errors().connect() > 0, () -> "errors " + r.errors());
        assertEquals(0, r.requests());
        assertEquals(0, r.connectionsOpened());
        // Only the lower bound is a wall-clock fact a busy machine cannot break (a run never ends early); a hang
        // is caught by await's 10 s, five times the 2 s a quiet machine needs at most.
        assertTrue(seconds >= 0.75, () -> "ended after " + seconds + " s");
    }

    /**
     * A run whose connections never opened did less than asked: failed, naming how many and why, its figures kept.
     * Before, it was completed with only its connect errors to tell, and none at all when the socket itself could
     * not be made (EMFILE: FileDescriptorsIT).
     */
    @Test
    void connectionsThatNeverOpenedFailTheRunNamingThem() throws Exception {
        int port = FreePorts.tcp();
        RunOutcome outcome = HttpRunDriverTest.await(
                driver.start(Specs.closed(URI.create("http://127.0.0.1:" + port + "/"), 3, 2, 300)), 10);
        HttpReport r = (HttpReport) outcome.report();

        assertTrue(outcome.failure().startsWith("3 of the 3 connections asked never opened (0 did): "), outcome.failure());
        assertTrue(outcome.failure().endsWith("Connection refused: /127.0.0.1:" + port), outcome.failure());
        assertEquals(3, r.connectionsRequested());
        assertEquals(0, r.connectionsEstablished());
        assertEquals(3, r.connectionsNeverOpened());
        assertTrue(r.errors().connect() >= 3, () -> "errors " + r.errors());
    }

    @Test
    void silentServerGivesTimeoutsAndReplacedConnections() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        List<Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(server.accept()); // read nothing, answer nothing
                        accepted.incrementAndGet();
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            URI target = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
            RunOutcome outcome = HttpRunDriverTest.await(
                    driver.start(Specs.spec(target, 2, 1, 2_000, 0, 0, true, 200)), 10);
            HttpReport r = (HttpReport) outcome.report();

            assertEquals(0, r.requests());
            // Every request sent times out (the last ones when the run ends), and each sits on a connection of
            // its own: timeouts equal the connections opened, less at most one per slot still connecting.
            assertTrue(r.errors().timeout() <= r.connectionsOpened() && r.errors().timeout() >= r.connectionsOpened() - 2,
                    () -> "errors " + r);
            long deadline = System.nanoTime() + 10_000_000_000L; // a wait, not a bound: it ends as soon as they are in
            while (accepted.get() < r.connectionsOpened() && System.nanoTime() < deadline) {
                Thread.sleep(10); // the kernel completes handshakes before the acceptor thread takes them
            }
            assertEquals(r.connectionsOpened(), accepted.get());
            assertTrue(r.connectionsOpened() > 2, "timed-out connections are replaced");
            // A timeout never stretches the run past its duration plus one timeout: counted, not timed. Two
            // connections, each timing out every 200 ms of a 2 s run plus once at the end: at most 22 timeouts.
            // A 2 s run with 200 ms timeouts (not 1 s and 300 ms) leaves replacements room on a starved machine.
            assertTrue(r.errors().timeout() <= 22, () -> "errors " + r.errors());
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void anAddressTheAllowlistNoLongerAdmitsIsRefusedWhenTheRunStarts() throws Exception {
        // The API checked the name when the run was posted; by the time the driver resolves it, it may point elsewhere.
        HttpRunDriver strict = new HttpRunDriver(new SystemNanoClock(), address -> false, new IntervalScheduler());
        RunOutcome outcome = strict.start(Specs.closed(URI.create("http://127.0.0.1:9/"), 1, 1, 1_000))
                .done().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertTrue(outcome.failure().contains("loadgen.targets.allowed"), outcome.failure());
        assertEquals(0, ((HttpReport) outcome.report()).requests());
    }
}
