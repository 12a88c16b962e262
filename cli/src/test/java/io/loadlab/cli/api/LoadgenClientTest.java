package io.loadlab.cli.api;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against a real HTTP server on loopback that answers as told: an error, a flood, a drip. */
class LoadgenClientTest {

    private HttpServer server;
    private LoadgenClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/refused", x -> {
            byte[] b = "{\"code\":400,\"violations\":[{\"field\":\"connections\"}]}".getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(400, b.length);
            x.getResponseBody().write(b);
            x.close();
        });
        server.createContext("/flood", x -> {
            x.sendResponseHeaders(200, 0);
            try (OutputStream out = x.getResponseBody()) {
                byte[] mib = new byte[1024 * 1024];
                for (int i = 0; i < 40; i++) { // 40 MiB, past the 32 MiB cap; bounded so the server ends too
                    out.write(mib);
                }
            } catch (IOException e) {
                // the client hung up at its cap: what this handler is for
            }
        });
        server.createContext("/drip", x -> {
            x.sendResponseHeaders(200, 0);
            try (OutputStream out = x.getResponseBody()) {
                for (int i = 0; i < 30; i++) { // a byte every 100 ms for 3 s: headers at once, the body never in time
                    out.write('[');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up at its deadline
            }
        });
        server.start();
        client = new LoadgenClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), "t",
                Duration.ofMillis(800));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void anErrorKeepsTheApisJsonBody() {
        ApiException e = assertThrows(ApiException.class, () -> client.post("/refused", "{}".getBytes()));
        assertEquals(400, e.status());
        assertTrue(e.body().contains("\"field\":\"connections\""), e.body());
    }

    @Test
    void aBodyPastTheCapIsRefused() {
        ApiException e = assertThrows(ApiException.class, () -> new LoadgenClient(client.base(), null,
                Duration.ofSeconds(30)).json("/flood"));
        assertTrue(e.getMessage().contains("over " + LoadgenClient.MAX_BODY + " bytes"), e.getMessage());
    }

    @Test
    void theDeadlineCoversTheBodyNotOnlyTheHeaders() {
        ApiException e = assertThrows(ApiException.class, () -> client.text("/drip", "text/plain"));
        assertTrue(e.getMessage().contains("no whole answer within 800 ms"), e.getMessage());
    }
}
