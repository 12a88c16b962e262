package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The shared nginx.conf, as tests and bench/ both start it: the body everywhere, 404, 301 and its counters. */
@SystemTest
class NginxTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesTheBodyWithQuotesAndCountsEveryRequest() throws Exception {
        String body = "{\"it's\":\"ok\"}";
        try (Nginx nginx = Nginx.start(body)) {
            long[] before = nginx.counters();
            assertEquals(body, get(nginx.uri("/test/testApi")).body());
            assertEquals(404, get(nginx.uri("/missing")).statusCode());
            assertEquals(301, get(nginx.uri("/moved")).statusCode());
            // each GET above on its own connection, plus the counters query itself
            long[] after = nginx.counters();
            assertArrayEquals(new long[] {before[0] + 4, before[1] + 4}, after);
        }
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }
}
