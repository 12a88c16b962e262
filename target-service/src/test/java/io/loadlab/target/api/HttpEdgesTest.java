package io.loadlab.target.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the target answers outside its happy path: always its JSON error body, never an HTML page. */
@QuarkusTest
class HttpEdgesTest {

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "DELETE", "PATCH", "FOO"})
    void otherMethodsOnTheApiGet405InJson(String method) {
        given().request(method, AnswerRoutes.PATH).then().statusCode(405)
                .contentType(startsWith("application/json")).header("Allow", "GET, POST")
                .body("code", equalTo(405)).body("msg", startsWith("method must be GET or POST"));
    }

    @Test
    void headOnTheApiGets405WithoutBody() {
        given().head(AnswerRoutes.PATH).then().statusCode(405).header("Allow", "GET, POST");
    }

    @Test
    void unknownPathsGet404InJson() {
        given().get("/no/such/path").then().statusCode(404).contentType(startsWith("application/json"))
                .body("code", equalTo(404)).body("msg", equalTo("no such resource"));
    }

    @Test
    void aMalformedHostHeaderGets400InJson() throws IOException {
        String answer = RawHttp.exchange("GET /test/testApi?number=1 HTTP/1.1\r\nHost: [bad\r\nConnection: close\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        assertTrue(answer.contains("\"code\":400"), answer);
        assertTrue(!answer.contains("Error id") && !answer.contains("stack"), answer);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/jsonx", "application/json-patch+json", "application/jsonl; charset=utf-8",
            "text/json", "application/", "application/json,text/plain"})
    void onlyTheJsonMediaTypeIsAccepted(String type) {
        given().header("Content-Type", type).body("{\"number\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_8)).post(AnswerRoutes.PATH)
                .then().statusCode(415).body("code", equalTo(415));
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/json; charset=utf-8", "APPLICATION/JSON",
            "Application/Json ;charset=UTF-8", "application/json\t; x=y"})
    void theJsonMediaTypeWithParametersAndAnyCaseIsAccepted(String type) {
        given().header("Content-Type", type).body("{\"number\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_8)).post(AnswerRoutes.PATH)
                .then().statusCode(200);
    }

    /** The test profile sets a 2 s idle timeout: an idle connection must be closed by the server. */
    @Test
    void anIdleConnectionIsClosedByTheServer() throws IOException {
        try (Socket s = RawHttp.connect()) {
            s.setSoTimeout(60_000); // generous bound on a busy machine; the assertion is that it closes at all
            InputStream in = s.getInputStream();
            int read;
            try {
                read = in.read();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the server kept an idle connection open for 60 s", e);
            }
            assertEquals(-1, read, "the server closed the idle connection without sending anything");
        }
    }

    /**
     * Netty refuses these before any route sees them (Quarkus' limits: a 4096-byte request line, 20K of headers),
     * and Vert.x's invalid-request handler answers the status and closes. Its body stays empty, not our JSON:
     * Quarkus 3.33 gives no way to set that handler (README, target-service). The exchange reading to the end
     * is what shows the close: a connection left open would time out.
     */
    @Test
    void anOversizedRequestLineGets414AndIsClosed() throws IOException {
        String answer = RawHttp.exchange("GET " + AnswerRoutes.PATH + "?number=1&pad=" + "a".repeat(8_192)
                + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        // HTTP/1.0: Netty stands in a placeholder request for a line it could not read.
        assertTrue(answer.startsWith("HTTP/1.0 414"), answer);
    }

    @Test
    void oversizedHeadersGet431AndAreClosed() throws IOException {
        String answer = RawHttp.exchange("GET " + AnswerRoutes.PATH + "?number=1 HTTP/1.1\r\nHost: localhost\r\n"
                + "X-Pad: " + "a".repeat(24_576) + "\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 431"), answer);
    }

    /**
     * Issue 42: a body trickled a byte every 500 ms is never idle (the test profile closes idle connections after 2 s),
     * and Vert.x Web's BodyHandler waited for it as long as it came. BodyReader gives it target.body.timeout (10 s) from
     * its headers: then a JSON 408 and the connection closed. The trickle stops after 60 s whatever happens.
     */
    @Test
    void aTrickledBodyGets408AtItsDeadlineAndIsClosed() throws IOException, InterruptedException {
        try (Socket s = RawHttp.connect()) {
            s.setSoTimeout(500);
            java.io.OutputStream out = s.getOutputStream();
            out.write(("POST " + AnswerRoutes.PATH + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            out.flush();
            java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            boolean closed = false;
            for (int tick = 0; tick < 120 && !closed; tick++) {
                try {
                    out.write(' ');
                    out.flush();
                } catch (IOException e) {
                    // closed by the server while we trickled: what it answered is read below
                }
                try {
                    byte[] buf = new byte[4096];
                    for (int n = in.read(buf); n != 0; n = in.read(buf)) {
                        if (n < 0) {
                            closed = true;
                            break;
                        }
                        answer.write(buf, 0, n);
                    }
                } catch (SocketTimeoutException e) {
                    // nothing yet: trickle on
                } catch (IOException e) {
                    closed = true;
                }
            }
            String text = answer.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(text.startsWith("HTTP/1.1 408"), text);
            assertTrue(text.contains("\"code\":408") && text.contains("target.body.timeout"), text);
            assertTrue(closed, "the connection stayed open after the 408: " + text);
        }
    }

    @Test
    void aJsonPostStillWorks() {
        given().contentType(ContentType.JSON).body("{\"number\": 0}").post(AnswerRoutes.PATH).then().statusCode(200);
    }
}
