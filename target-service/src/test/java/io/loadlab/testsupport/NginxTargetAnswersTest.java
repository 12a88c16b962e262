package io.loadlab.testsupport;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The nginx peer that tests and bench/ compare the target with serves the target's own answers byte for byte at every
 * size the comparisons use: the seed's shapes N = 2, 10, 100 and 391 lie within N = 0 to 1,000, and N = 23 (2,056
 * bytes) is the first that a {@code return 200 '...'} literal could not hold. Here (not in test-support) because the
 * reactor builds test-support before the target; the target is this module's own, started once for all its
 * {@code @QuarkusTest}s, and one nginx per answer (each starts in milliseconds).
 */
@QuarkusTest
@SystemTest
class NginxTargetAnswersTest {

    private static final int[] SIZES = {0, 1, 23, 100, 391, 1_000};

    @TestHTTPResource("/test/testApi")
    URI target;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void nginxAnswersWhatTheTargetAnswersAtEverySize() throws Exception {
        for (int n : SIZES) {
            byte[] expected = answer(target, n);
            try (Nginx nginx = Nginx.start(new String(expected, StandardCharsets.UTF_8))) {
                assertArrayEquals(expected, answer(nginx.uri("/test/testApi"), n), "N = " + n);
            }
        }
    }

    /** The body of {@code POST {"number": n}}, checked for a 200 whose Content-Length is the body's length. */
    private byte[] answer(URI uri, int n) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"number\": " + n + "}")).build();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode(), uri + " N = " + n);
        assertEquals(response.body().length, response.headers().firstValueAsLong("Content-Length").orElse(-1),
                uri + " N = " + n + ": Content-Length");
        return response.body();
    }
}
