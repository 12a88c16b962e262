package io.loadlab.target.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class AnswerRoutesTest {

    static final String ITEM = "{\"name\":\"nginx\",\"author\":\"Igor Sysoev\",\"version\":\"1.18\",\"desp\":\"高性能代理工具\"}";

    static String expected(int n) {
        return "{\"code\":200,\"msg\":\"ok\",\"body\":[" + String.join(",", java.util.Collections.nCopies(n, ITEM)) + "]}";
    }

    static byte[] post(String body) {
        return given().contentType(ContentType.JSON).body(body)
                .when().post("/test/testApi")
                .then().statusCode(200).contentType(startsWith("application/json"))
                .extract().asByteArray();
    }

    @Test
    void numberTwoIsAnsweredByteForByte() {
        String exact = "{\"code\":200,\"msg\":\"ok\",\"body\":["
                + "{\"name\":\"nginx\",\"author\":\"Igor Sysoev\",\"version\":\"1.18\",\"desp\":\"高性能代理工具\"},"
                + "{\"name\":\"nginx\",\"author\":\"Igor Sysoev\",\"version\":\"1.18\",\"desp\":\"高性能代理工具\"}]}";
        assertArrayEquals(exact.getBytes(StandardCharsets.UTF_8), post("{\"number\": 2}"));
    }

    @ParameterizedTest
    @CsvSource({"0", "1", "2", "391"})
    void answersNItems(int n) {
        byte[] body = post("{\"number\": " + n + "}");
        assertEquals(expected(n), new String(body, StandardCharsets.UTF_8));
    }

    @Test
    void numberThreeNinetyOneIsAboutFortyKilobytes() {
        int size = post("{\"number\": 391}").length;
        assertEquals(34_440, size, "391 items of 88 bytes plus the envelope");
    }

    @Test
    void repeatedRequestsGetIdenticalBytes() {
        byte[] first = post("{\"number\": 5}");
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(first, post("{\"number\": 5}"));
        }
    }

    @Test
    void getWithQueryGivesTheSameAnswer() {
        byte[] viaPost = post("{\"number\": 3}");
        byte[] viaGet = given().when().get("/test/testApi?number=3")
                .then().statusCode(200).contentType(startsWith("application/json")).extract().asByteArray();
        assertArrayEquals(viaPost, viaGet);
    }

    @Test
    void unknownFieldsAreIgnored() {
        assertEquals(expected(1), new String(post("{\"x\": [1, {\"y\": 2}], \"number\": 1}"), StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"number\": 2                       | malformed JSON",
            "not json                             | malformed JSON",
            "''                                   | body must be a JSON object",
            "[2]                                  | body must be a JSON object",
            "{}                                   | number is required",
            "{\"count\": 2}                       | number is required",
            "{\"number\": \"2\"}                  | number must be an integer",
            "{\"number\": 2.5}                    | number must be an integer",
            "{\"number\": null}                   | number must be an integer",
            "{\"number\": true}                   | number must be an integer",
            "{\"number\": -1}                     | number must not be negative",
            "{\"number\": 10001}                  | number must not exceed 10000",
            "{\"number\": 99999999999999999999999} | number must not exceed 10000",
            "{\"number\": 1} {\"number\": 2}       | malformed JSON",
    })
    void badBodiesGetA400NamingTheProblem(String body, String message) {
        given().contentType(ContentType.JSON).body(body)
                .when().post("/test/testApi")
                .then().statusCode(400).contentType(startsWith("application/json"))
                .body("code", equalTo(400)).body("msg", startsWith(message));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "''                   | number is required",
            "?number=abc          | number must be an integer",
            "?number=1.5          | number must be an integer",
            "?number=-3           | number must not be negative",
            "?number=20000        | number must not exceed 10000",
            "?number=99999999999  | number must be an integer",
            "?number=1&number=2   | number must be given once",
    })
    void badQueriesGetA400(String query, String message) {
        given().when().get("/test/testApi" + query)
                .then().statusCode(400).contentType(startsWith("application/json"))
                .body("code", equalTo(400)).body("msg", startsWith(message));
    }

    @Test
    void aBodyThatIsNotJsonGets415() {
        given().contentType(ContentType.TEXT).body("{\"number\": 2}")
                .when().post("/test/testApi")
                .then().statusCode(415).body("code", equalTo(415)).body("msg", startsWith("Content-Type must be"));
    }

    @Test
    void aBodyWithoutContentTypeGets415() {
        given().body(new byte[] {'{', '}'}).contentType("")
                .when().post("/test/testApi")
                .then().statusCode(415).body("code", equalTo(415));
    }

    @Test
    void aBodyOver64KiBGets413() {
        String padding = " ".repeat(64 * 1024);
        given().contentType(ContentType.JSON).body("{\"number\": 1}" + padding)
                .when().post("/test/testApi")
                .then().statusCode(413).contentType(startsWith("application/json"))
                .body("code", equalTo(413)).body("msg", startsWith("body must not exceed 65536"));
    }

    @Test
    void aChunkedBodyOver64KiBGets413() throws Exception {
        // No Content-Length: the limit must hold while the body streams in.
        byte[] big = ("{\"number\": 1}" + " ".repeat(200 * 1024)).getBytes(StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + "/test/testApi"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode());
        assertEquals("{\"code\":413,\"msg\":\"body must not exceed 65536 bytes\"}", response.body());
    }

    @Test
    void aBodyOfExactly64KiBIsAccepted() {
        String head = "{\"number\": 1}";
        String body = head + " ".repeat(64 * 1024 - head.length());
        given().contentType(ContentType.JSON).body(body).when().post("/test/testApi").then().statusCode(200);
    }
}
