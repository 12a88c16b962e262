package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The shared nginx.conf, as tests and bench/ both start it: the body everywhere, 404, 301 and its counters. */
@SystemTest
class NginxTest {

    /**
     * Every character a quoted nginx literal or a placeholder substitution could bend: both quotes, {@code $} (a
     * variable), braces and {@code ;} (blocks and ends of directives), {@code \}, {@code #} (a comment), a placeholder's
     * own spelling, a line break, and non-ASCII text (2-, 3- and 4-byte UTF-8).
     */
    private static final String AWKWARD = "{\"it's\":\"ok\", \"$uri\": \"${x}\", \"a;b\": \"c\\\\d\", \"#\": \"@BODY@ @DIR@\",\n"
            + " \"desp\": \"高性能代理工具 é 😀\"}";

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

    /**
     * The awkward body comes back byte for byte to a POST (what the target is asked) and a GET, on one kept-alive
     * connection: nginx answers a POST to a file through an error page, which must neither add a byte nor close.
     */
    @Test
    void servesAnyBytesExactlyToPostAndGetOnOneConnection() throws Exception {
        byte[] body = AWKWARD.getBytes(StandardCharsets.UTF_8);
        try (Nginx nginx = Nginx.start(AWKWARD)) {
            long[] before = nginx.counters();
            for (HttpRequest request : new HttpRequest[] {post(nginx.uri("/test/testApi"), 2),
                    HttpRequest.newBuilder(nginx.uri("/any/path")).build(), post(nginx.uri("/"), 0)}) {
                HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                assertEquals(200, answer.statusCode(), request::toString);
                assertEquals(body.length, answer.headers().firstValueAsLong("Content-Length").orElse(-1), request::toString);
                assertEquals("application/json", answer.headers().firstValue("Content-Type").orElse(null));
                assertArrayEquals(body, answer.body(), request::toString);
            }
            // three requests on one connection, then the counters query on its own
            assertArrayEquals(new long[] {before[0] + 2, before[1] + 4}, nginx.counters());
        }
    }

    /**
     * The logging nginx answers the body on its own locations too, and logs a POST as a POST: the file answers it
     * through an internal redirect that makes it a GET, which {@code $request_method} would have logged.
     */
    @Test
    void loggingNginxLogsEachRequestsOwnMethodAndPath() throws Exception {
        byte[] body = AWKWARD.getBytes(StandardCharsets.UTF_8);
        try (Nginx nginx = Nginx.logging(AWKWARD)) {
            int before = nginx.accessLog().size();
            for (HttpRequest request : new HttpRequest[] {post(nginx.uri("/b"), 1),
                    HttpRequest.newBuilder(nginx.uri("/a/x")).build()}) {
                HttpResponse<byte[]> answer = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                assertEquals(200, answer.statusCode(), request::toString);
                assertArrayEquals(body, answer.body(), request::toString);
            }
            List<String> lines = nginx.accessLog(before + 2);
            assertEquals(List.of("POST /b", "GET /a/x"), lines.subList(before, lines.size()).stream()
                    .map(l -> l.split(" ", 3)[2]).toList());
        }
    }

    /** {@code POST {"number": n}} with the JSON type: the request the target is sent. */
    static HttpRequest post(URI uri, int n) {
        return HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"number\": " + n + "}")).build();
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }
}
