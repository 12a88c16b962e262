package io.loadlab.target.tls;

import io.loadlab.testsupport.TargetService;
import io.loadlab.testsupport.TrustingTls;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stalled handshakes are bounded on the packaged target (issue 42): connections that send a whole ClientHello and
 * never go on hold at most {@code target.https.max-handshakes} handshakes; the rest are closed at once, the plain port
 * answers throughout, and the room comes back when the stalled ones go. The handshake timeout is set past the test's
 * waits, so every close seen is a refusal at the bound, never a timeout: before the bound, all 20 stayed open until
 * Vert.x's 10 s timeout closed them together (20 closed, not 12).
 */
class HandshakeLimitIT {

    private static final int MAX = 8;
    private static final int STALLED = 20;

    @Test
    void handshakesPastTheBoundAreRefusedAndTheRoomComesBack() throws Exception {
        try (TargetService target = TargetService.startWith(List.of("-Dtarget.https.max-handshakes=" + MAX,
                "-Dtarget.https.handshake-timeout=120s"))) {
            InetSocketAddress https = new InetSocketAddress(target.host(), target.httpsPort());
            List<SocketChannel> open = new ArrayList<>();
            try {
                for (int i = 0; i < STALLED; i++) {
                    open.add(stalledHandshake(https));
                    plainProbe(target); // the plain port answers while handshakes stall
                }
                int closed = 0;
                for (int tick = 0; tick < 300 && closed < STALLED - MAX; tick++) { // 30 s at most
                    closed = (int) open.stream().filter(HandshakeLimitIT::closedByServer).count();
                    TimeUnit.MILLISECONDS.sleep(100);
                }
                TimeUnit.SECONDS.sleep(1); // any further close would show now: none is due for 120 s
                closed = (int) open.stream().filter(HandshakeLimitIT::closedByServer).count();
                assertEquals(STALLED - MAX, closed, "past " + MAX + " handshakes in progress, each is refused, "
                        + "and the " + MAX + " taken stay open\n" + target.log());
            } finally {
                for (SocketChannel c : open) {
                    c.close();
                }
            }
            // the stalled ones are gone: their room is back, and a real client shakes hands and is answered
            HttpResponse<String> r = null;
            for (int attempt = 0; attempt < 50 && (r == null || r.statusCode() != 200); attempt++) {
                try {
                    r = trustingClient().send(HttpRequest.newBuilder(URI.create(target.httpsBase() + "/test/testApi?number=1"))
                            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                } catch (IOException refusedWhileClosing) {
                    TimeUnit.MILLISECONDS.sleep(200); // the server learns of the closes on its event loops
                }
            }
            assertTrue(r != null && r.statusCode() == 200, "HTTPS answers once the stalled handshakes are gone: " + r);
        }
    }

    /** A TCP connection that sends a whole ClientHello, then nothing: the server's handshake waits on it. */
    private static SocketChannel stalledHandshake(InetSocketAddress address) throws Exception {
        SSLEngine engine = TrustingTls.context().createSSLEngine(address.getHostString(), address.getPort());
        engine.setUseClientMode(true);
        ByteBuffer hello = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        SSLEngineResult result = engine.wrap(ByteBuffer.allocate(0), hello);
        assertEquals(SSLEngineResult.Status.OK, result.getStatus());
        hello.flip();
        SocketChannel c = SocketChannel.open(address);
        while (hello.hasRemaining()) {
            c.write(hello);
        }
        c.configureBlocking(false);
        return c;
    }

    /** Closed by the server: end of stream or a reset, after whatever it sent (its hello, or an alert) is drained. */
    private static boolean closedByServer(SocketChannel c) {
        ByteBuffer sink = ByteBuffer.allocate(16 * 1024);
        try {
            int n;
            do {
                sink.clear();
                n = c.read(sink);
            } while (n > 0);
            return n < 0;
        } catch (IOException reset) {
            return true;
        }
    }

    private static void plainProbe(TargetService target) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(target.base() + "/test/testApi?number=1")).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
    }

    private static HttpClient trustingClient() throws Exception {
        return HttpClient.newBuilder().sslContext(TrustingTls.context()).connectTimeout(Duration.ofSeconds(10)).build();
    }
}
