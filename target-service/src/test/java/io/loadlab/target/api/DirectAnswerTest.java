package io.loadlab.target.api;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The direct path ({@link DirectAnswer}) against the real service: it answers a connection's plain POSTs after the
 * first with Vert.x's bytes exactly, counts each in the route's meters once, and hands everything else to the routed
 * path in order, so a pipelined mix gets its answers in the order it asked.
 */
@QuarkusTest
class DirectAnswerTest {

    private static final String PLAIN = post("{\"number\":2}");

    private static String post(String body) {
        return "POST " + AnswerRoutes.PATH + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    @Test
    void aConnectionsLaterPlainPostsAreAnsweredDirectlyWithTheRoutedBytes() throws IOException {
        double direct = metric("target_api_direct_answers_total");
        double posts = postsAnswered();
        try (Socket s = RawHttp.connect()) {
            byte[] routed = exchange(s, PLAIN);
            for (int i = 0; i < 5; i++) {
                assertArrayEquals(routed, exchange(s, PLAIN), "answer " + (i + 2));
            }
            assertTrue(new String(routed, StandardCharsets.UTF_8).endsWith(AnswerRoutesTest.expected(2)));
        }
        assertEquals(5, metric("target_api_direct_answers_total") - direct, "the first went through the router, five not");
        assertEquals(6, postsAnswered() - posts, "every answer counted once in http_server_requests");
    }

    @Test
    void aPipelinedMixIsAnsweredInOrderWithEveryRefusalFromTheRoutedPath() throws IOException {
        double direct = metric("target_api_direct_answers_total");
        try (Socket s = RawHttp.connect()) {
            exchange(s, PLAIN);
            String mix = PLAIN + post("{\"number\":02}") + post("{\"number\":3}")
                    + "GET " + AnswerRoutes.PATH + "?number=1 HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    + post("{\"number\":10001}") + PLAIN
                    + post("{\"number\": 1, \"other\": true}") + PLAIN;
            OutputStream out = s.getOutputStream();
            out.write(mix.getBytes(StandardCharsets.UTF_8));
            out.flush();
            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(new String(RawHttp.response(s.getInputStream()), StandardCharsets.UTF_8));
            }
            int[] statuses = {200, 400, 200, 200, 400, 200, 200, 200};
            int[] items = {2, -1, 3, 1, -1, 2, 1, 2};
            for (int i = 0; i < 8; i++) {
                assertTrue(answers.get(i).startsWith("HTTP/1.1 " + statuses[i] + " "), i + ": " + answers.get(i));
                if (items[i] >= 0) {
                    assertTrue(answers.get(i).endsWith(AnswerRoutesTest.expected(items[i])), i + ": " + answers.get(i));
                }
            }
        }
        // The plain POSTs when no routed request was unanswered: 1st, 3rd, 6th and 8th of the mix.
        assertTrue(metric("target_api_direct_answers_total") - direct >= 1, "some of the mix went direct");
    }

    @Test
    void anOversizedBodyStillGetsTheRoutes413AndTheConnectionCloses() throws IOException {
        try (Socket s = RawHttp.connect()) {
            exchange(s, PLAIN);
            String big = "{\"number\":2,\"pad\":\"" + "a".repeat(70_000) + "\"}";
            String answer = new String(exchange(s, post(big)), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 413 "), answer);
            assertEquals(-1, readToEnd(s.getInputStream()), "closed after the 413");
        }
    }

    @Test
    void connectionCloseAndChunkedBodiesTakeTheRoutedPath() throws IOException {
        try (Socket s = RawHttp.connect()) {
            exchange(s, PLAIN);
            String chunked = "POST " + AnswerRoutes.PATH + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nc\r\n{\"number\":1}\r\n0\r\n\r\n";
            String answer = new String(exchange(s, chunked), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200 ") && answer.endsWith(AnswerRoutesTest.expected(1)), answer);
            String close = PLAIN.replace("Host: localhost\r\n", "Host: localhost\r\nConnection: close\r\n");
            answer = new String(exchange(s, close), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200 ") && answer.endsWith(AnswerRoutesTest.expected(2)), answer);
            assertEquals(-1, readToEnd(s.getInputStream()), "closed as asked");
        }
    }

    @Test
    void aMalformedHostIsRefusedOnAConnectionThatWentDirect() throws IOException {
        try (Socket s = RawHttp.connect()) {
            exchange(s, PLAIN);
            String answer = new String(exchange(s, PLAIN.replace("Host: localhost", "Host: [bad")), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400 ") && answer.contains("\"code\":400"), answer);
        }
    }

    private static byte[] exchange(Socket s, String request) throws IOException {
        s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        return RawHttp.response(s.getInputStream());
    }

    private static int readToEnd(InputStream in) throws IOException {
        int b;
        while ((b = in.read()) >= 0) {
            // drain whatever the server still sent
        }
        return b;
    }

    private static double postsAnswered() {
        double sum = 0;
        for (String line : given().get("/q/metrics").asString().split("\n")) {
            if (line.startsWith("http_server_requests_seconds_count{") && line.contains("method=\"POST\"")
                    && line.contains("status=\"200\"") && line.contains("protocol=\"http/1.1\"")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    private static double metric(String name) {
        for (String line : given().get("/q/metrics").asString().split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError(name + " not exported");
    }
}
