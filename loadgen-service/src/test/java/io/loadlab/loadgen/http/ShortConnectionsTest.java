package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.Nginx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A connection per request (keep-alive off, clear text) runs on {@link ShortConnectionLoop}s with raw sockets: against
 * a real nginx, every answer, byte and connection is what nginx counted, a body far over the socket's send buffer goes
 * out whole, and refused, never-completing and silent peers are counted as the channels' path counts them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShortConnectionsTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.start(HttpRunDriverTest.BODY);
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    @Test
    void everyAnswerByteAndConnectionIsWhatNginxCounted() throws Exception {
        HttpRunSpec spec = Specs.spec(nginx.uri("/hello"), 4, 2, 800, 0, 0, false, 5_000);
        long[] before = nginx.counters();
        HttpRun run = (HttpRun) driver.start(spec);
        RunOutcome outcome = HttpRunDriverTest.await(run, 20);
        long[] after = nginx.counters();
        HttpReport r = (HttpReport) outcome.report();

        assertTrue(run.onShortConnections(), "keep-alive off in clear text takes the raw sockets' loops");
        assertNull(outcome.failure());
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertTrue(r.requests() > 4, () -> "requests " + r.requests());
        long served = after[1] - before[1] - 1; // the second query counts itself
        long accepted = after[0] - before[0] - 1;
        assertEquals(served, r.requests(), "every request nginx handled was answered and counted, no more");
        assertEquals(accepted, r.connectionsOpened(), "a connection per request, each one nginx accepted");
        assertEquals(r.requests(), r.connectionsOpened());
        assertEquals(r.requests(), r.connectMicros().count(), "each connect timed");
        assertEquals(r.requests(), r.latencyMicros().count());
        assertEquals((long) RequestTemplate.encode(spec).length() * r.requests(), r.bytesSent());
        assertEquals((long) closingAnswerBytes("/hello") * r.requests(), r.bytesReceived());
        assertEquals(4, r.connectionsEstablished());
        assertEquals(0, r.connectionsNeverOpened());
    }

    /** The open model's count is rate x duration by intended send time, whatever the machine's speed. */
    @Test
    void anOpenRunSendsRateTimesDuration() throws Exception {
        HttpRun run = (HttpRun) driver.start(Specs.spec(nginx.uri("/hello"), 4, 1, 1_000, 0, 200, false, 10_000));
        HttpReport r = (HttpReport) HttpRunDriverTest.await(run, 20).report();

        assertTrue(run.onShortConnections());
        assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
        assertEquals(200, r.requests());
        assertEquals(200, r.connectionsOpened());
        assertEquals(200, r.serviceTimeMicros().count());
    }

    /**
     * 4 MiB of body, over nginx's 1 MiB limit: nginx answers 413 while the body is still going out (the send buffer
     * took about 4 MB, the rest waited for the socket). The answer counts as an answer, the socket closes, no error.
     */
    @Test
    void anAnswerBeforeTheBodyIsOutStillCounts() throws Exception {
        String body = "x".repeat(4 * 1024 * 1024);
        HttpRunSpec post = new HttpRunSpec(nginx.uri("/missing"), "POST", Map.of(), body, 2, 1, Duration.ofMillis(600),
                null, 0, false, Duration.ofSeconds(5));
        HttpRun run = (HttpRun) driver.start(post);
        HttpReport r = (HttpReport) HttpRunDriverTest.await(run, 20).report();

        assertTrue(run.onShortConnections());
        assertTrue(r.requests() > 0);
        assertEquals(r.requests(), r.errors().status4xx());
        assertEquals(r.requests(), r.errors().total(), () -> "only the status class, no socket error: " + r.errors());
        assertEquals((long) RequestTemplate.encode(post).length() * r.requests(), r.bytesSent());
    }

    /**
     * 8 MiB of body to a server that reads all of it before it answers: more than the send buffer ever holds, so it
     * goes out in parts, each when the socket is writable again, and the server reads every byte of every request.
     */
    @Test
    void aBodyFarOverTheSendBufferGoesOutWhole() throws Exception {
        int length = 8 * 1024 * 1024;
        AtomicLong bodyBytes = new AtomicLong();
        AtomicLong answered = new AtomicLong();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        Socket s = server.accept();
                        Thread reader = new Thread(() -> readWholeThenAnswer(s, bodyBytes, answered));
                        reader.setDaemon(true);
                        reader.start();
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            HttpRunSpec post = new HttpRunSpec(URI.create("http://127.0.0.1:" + server.getLocalPort() + "/sink"), "POST",
                    Map.of(), "y".repeat(length), 2, 1, Duration.ofMillis(500), null, 0, false, Duration.ofSeconds(10));
            HttpRun run = (HttpRun) driver.start(post);
            HttpReport r = (HttpReport) HttpRunDriverTest.await(run, 30).report();

            assertTrue(run.onShortConnections());
            assertTrue(r.requests() > 0);
            assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
            assertEquals(answered.get(), r.requests(), "every answer the server wrote, counted");
            assertEquals((long) length * r.requests(), bodyBytes.get(), "every byte of every body reached the server");
        }
    }

    /** Reads a request's head and its Content-Length of body, counting the body, then answers 204 and closes. */
    private static void readWholeThenAnswer(Socket s, AtomicLong bodyBytes, AtomicLong answered) {
        try (s) {
            InputStream in = new java.io.BufferedInputStream(s.getInputStream(), 64 * 1024);
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                head.append((char) b);
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
            long left = m.find() ? Long.parseLong(m.group(1)) : 0;
            byte[] chunk = new byte[64 * 1024];
            long read = 0;
            while (read < left) {
                int n = in.read(chunk, 0, (int) Math.min(chunk.length, left - read));
                if (n < 0) {
                    return;
                }
                read += n;
            }
            bodyBytes.addAndGet(read);
            s.getOutputStream().write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            answered.incrementAndGet();
        } catch (IOException e) {
            // the run's end closed it
        }
    }

    @Test
    void aRefusedPortIsNamedAsTheChannelsNameIt() throws Exception {
        int port = FreePorts.tcp();
        RunOutcome outcome = HttpRunDriverTest.await(
                driver.start(Specs.spec(URI.create("http://127.0.0.1:" + port + "/"), 3, 2, 300, 0, 0, false, 2_000)), 10);
        HttpReport r = (HttpReport) outcome.report();

        assertTrue(outcome.failure().startsWith("3 of the 3 connections asked never opened (0 did): "), outcome.failure());
        assertTrue(outcome.failure().endsWith("Connection refused: /127.0.0.1:" + port), outcome.failure());
        assertEquals(0, r.requests());
        assertEquals(0, r.connectionsOpened());
        assertTrue(r.errors().connect() >= 3, () -> "errors " + r.errors());
    }

    /**
     * A listener whose accept queue is full drops every SYN, so the connect never completes: a connect error once the
     * run's timeout passes, named as Netty's connect timer names it, and the run still ends.
     */
    @Test
    void aConnectThatNeverCompletesFailsAtTheTimeout() throws Exception {
        List<Socket> fill = new ArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
            for (int i = 0; i < 8; i++) { // the queue holds backlog + 1; the first connect that hangs shows it full
                Socket s = new Socket();
                fill.add(s);
                try {
                    s.connect(at, 300);
                } catch (SocketTimeoutException full) {
                    break;
                }
            }
            RunOutcome outcome = HttpRunDriverTest.await(driver.start(Specs.spec(
                    URI.create("http://127.0.0.1:" + server.getLocalPort() + "/"), 2, 1, 1_000, 0, 0, false, 300)), 10);
            HttpReport r = (HttpReport) outcome.report();

            assertEquals(0, r.requests());
            assertEquals(0, r.connectionsOpened());
            assertTrue(r.errors().connect() >= 2, () -> "errors " + r.errors());
            assertEquals(0, r.errors().timeout(), "a connect that never completed is no request timeout");
            assertTrue(outcome.failure().contains("connection timed out after 300 ms"), outcome.failure());
        } finally {
            for (Socket s : fill) {
                s.close();
            }
        }
    }

    /** A server that accepts and never answers: each request times out on a connection of its own. */
    @Test
    void aSilentServerGivesATimeoutPerConnection() throws Exception {
        List<Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(server.accept());
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            HttpReport r = (HttpReport) HttpRunDriverTest.await(driver.start(Specs.spec(
                    URI.create("http://127.0.0.1:" + server.getLocalPort() + "/"), 2, 1, 1_000, 0, 0, false, 200)), 10)
                    .report();

            assertEquals(0, r.requests());
            assertTrue(r.connectionsOpened() > 2, "timed-out requests' connections are replaced");
            assertTrue(r.errors().timeout() <= r.connectionsOpened() && r.errors().timeout() >= r.connectionsOpened() - 2,
                    () -> "a timeout per connection, less those still connecting at the end: " + r);
            assertEquals(0, r.errors().readWrite() + r.errors().connect(), () -> "errors " + r.errors());
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    /** The wire size of nginx's answer to a GET of {@code path} that asks it to close, head and body. */
    private int closingAnswerBytes(String path) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), nginx.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return in.readAllBytes().length;
        }
    }
}
