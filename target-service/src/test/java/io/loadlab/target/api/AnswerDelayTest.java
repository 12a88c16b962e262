package io.loadlab.target.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code target.api.delay}: every API answer waits that long, and the one event loop serves other connections
 * meanwhile (a sleep on it would answer the 404 only after the delayed answer).
 */
@QuarkusTest
@TestProfile(AnswerDelayTest.Delayed.class)
class AnswerDelayTest {

    static final long DELAY_MS = 1500;

    /** One event loop, so the delayed answer and the other request share it. */
    public static class Delayed implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("target.api.delay", DELAY_MS + "ms", "quarkus.vertx.event-loops-pool-size", "1",
                    "quarkus.http.io-threads", "1");
        }
    }

    @TestHTTPResource("/test/testApi")
    URI api;
    @TestHTTPResource("/nothing-here")
    URI other;

    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @Test
    void theAnswerWaitsTheDelayWhileTheLoopAnswersAnotherConnection() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        CompletableFuture<HttpResponse<String>> delayed = client().sendAsync(HttpRequest.newBuilder(api)
                        .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"number\":1}")).build(),
                HttpResponse.BodyHandlers.ofString()).whenComplete((r, e) -> order.add("api"));
        HttpResponse<String> notFound = client().send(HttpRequest.newBuilder(other).timeout(Duration.ofSeconds(20))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        order.add("other");
        assertEquals(404, notFound.statusCode());
        HttpResponse<String> answer = delayed.get(20, TimeUnit.SECONDS);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.body().startsWith("{\"code\":200"), answer.body());
        assertEquals(List.of("other", "api"), order, "the loop answered the other connection while the API answer waited");
        assertTrue(tookMs >= DELAY_MS, "answered after " + tookMs + " ms, before the " + DELAY_MS + " ms delay");
    }

    @Test
    void aDelayOutOfRangeIsRefusedNamingTheSetting() {
        for (Duration bad : List.of(Duration.ofMillis(-1), Duration.ofSeconds(11), Duration.ofNanos(1_500_000))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AnswerDelay.of(bad));
            assertTrue(e.getMessage().startsWith("target.api.delay must be from 0 to 10s"), e.getMessage());
        }
        AnswerDelay.of(Duration.ZERO);
        AnswerDelay.of(Duration.ofSeconds(10));
    }
}
