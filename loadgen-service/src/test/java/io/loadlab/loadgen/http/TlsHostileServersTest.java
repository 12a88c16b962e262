package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers on the TLS port that are not TLS servers, real sockets this test controls: one accepts and never answers,
 * one answers in clear text. Each run ends, failed, with its handshakes counted as {@code errors.tls} and named.
 */
class TlsHostileServersTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());

    /**
     * The JVM's first handshake loads and compiles the JDK's TLS stack on the event loop: at load 17 on 2 cores it
     * held the loop past the run's end, so the first run ended before its handshake timer could fire. One run
     * against the clear-text server first, not asserted, when this class runs alone.
     */
    @BeforeAll
    static void primeTheJdksTls() throws Exception {
        try (HostileServer server = new HostileServer(true)) {
            await(new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler()).start(spec(server.port())), 30);
        }
    }

    @Test
    void aServerThatAcceptsAndStallsTimesTheHandshakeOut() throws Exception {
        try (HostileServer server = new HostileServer(false)) {
            long start = System.nanoTime();
            // handshakes time out after 0.5 s, twice or more in the 1.5 s run, which then ends by itself
            RunOutcome outcome = await(driver.start(spec(server.port())), 20);
            HttpReport r = (HttpReport) outcome.report();

            assertFailed(outcome, r, TlsFailureReason.TIMED_OUT);
            assertTrue(server.accepted() >= 1);
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos());
        }
    }

    @Test
    void aServerSpeakingClearTextIsNotATlsServer() throws Exception {
        try (HostileServer server = new HostileServer(true)) {
            RunOutcome outcome = await(driver.start(spec(server.port())), 20);
            HttpReport r = (HttpReport) outcome.report();

            assertFailed(outcome, r, TlsFailureReason.NOT_TLS);
        }
    }

    private static void assertFailed(RunOutcome outcome, HttpReport r, String reason) {
        assertNotNull(outcome.failure());
        assertTrue(outcome.failure().contains("never opened (0 did): " + reason), outcome.failure());
        assertEquals(0, r.requests());
        assertTrue(r.errors().tls() > 0);
        assertEquals(r.errors().tls(), r.errors().total(), () -> "counted once, as tls: " + r.errors());
        TlsFailures.assertOnly(reason, r);
        assertEquals(1, r.connectionsNeverOpened());
    }

    private static HttpRunSpec spec(int port) {
        return new HttpRunSpec(URI.create("https://localhost:" + port + "/"), "GET", Map.of(), null, 1, 1,
                Duration.ofMillis(1_500), Duration.ZERO, 0, true, Duration.ofMillis(500), HttpProtocol.HTTP_1_1, 1,
                TlsSpec.DEFAULT);
    }

    /** Accepts on loopback; either says nothing or writes an HTTP answer in clear text, then holds the socket. */
    private static final class HostileServer implements AutoCloseable {

        private static final byte[] CLEAR = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);

        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();
        private final Thread acceptor;

        HostileServer(boolean clearText) throws IOException {
            acceptor = new Thread(() -> {
                while (!socket.isClosed() && accepted.size() < 1_000) { // bounded: a run retries every 10 ms at most
                    try {
                        Socket s = socket.accept();
                        accepted.add(s);
                        if (clearText) {
                            s.getOutputStream().write(CLEAR);
                            s.getOutputStream().flush();
                        }
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "hostile-tls-server");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int accepted() {
            return accepted.size();
        }

        @Override
        public void close() throws Exception {
            socket.close();
            for (Socket s : accepted) {
                s.close();
            }
            acceptor.join(5_000);
        }
    }
}
