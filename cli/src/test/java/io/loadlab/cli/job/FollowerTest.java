package io.loadlab.cli.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.loadlab.cli.api.ApiException;
import io.loadlab.cli.api.LoadgenClient;
import io.loadlab.cli.progress.ProgressView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Against a real loopback HTTP server scripted per call; time from a fake clock. */
class FollowerTest {

    private HttpServer server;
    private final AtomicInteger calls = new AtomicInteger();
    private final List<String> states = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/runs/busy", x -> { // 429 twice (the read limit), running, then completed
            int n = calls.incrementAndGet();
            answer(x, n <= 2 ? 429 : 200, n <= 3 ? "{\"state\":\"running\"}" : "{\"state\":\"completed\"}");
        });
        server.createContext("/runs/down", x -> {
            calls.incrementAndGet();
            answer(x, 503, "{\"code\":503}");
        });
        server.createContext("/runs/gone", x -> answer(x, 404, "{\"code\":404,\"msg\":\"no run gone\"}"));
        server.start();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange x, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private Follower follower(AtomicLong now) {
        LoadgenClient client = new LoadgenClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), null,
                Duration.ofSeconds(5));
        return new Follower(client, Duration.ofMillis(1), Duration.ofSeconds(30), () -> now.addAndGet(10_000_000_000L));
    }

    private final ProgressView recording = new ProgressView() {
        @Override
        public void update(JsonNode job) {
            states.add(job.get("state").asText());
        }

        @Override
        public void finish() {
            states.add("finish");
        }
    };

    @Test
    void aBusyLoadgenIsAskedAgainUntilTheJobEnds() throws Exception {
        JsonNode done = follower(new AtomicLong()).until("/runs/busy", recording);
        assertEquals("completed", done.get("state").asText());
        assertEquals(4, calls.get());
        assertEquals(List.of("running", "completed", "finish"), states);
    }

    @Test
    void aLoadgenWithoutOneGoodAnswerForThePatienceGivesUp() {
        // each reading of the clock is 10 s later: started at 10 s, 503s read at 20, 30, 40 (30 s: not yet more than
        // the patience) and 50 s, where it gives up
        ApiException e = assertThrows(ApiException.class, () -> follower(new AtomicLong()).until("/runs/down", recording));
        assertEquals(503, e.status());
        assertEquals(4, calls.get());
        assertEquals(List.of(), states);
    }

    @Test
    void anAnswerThatWillNotChangeEndsAtOnce() {
        ApiException e = assertThrows(ApiException.class, () -> follower(new AtomicLong()).until("/runs/gone", recording));
        assertEquals(404, e.status());
    }
}
