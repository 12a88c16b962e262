package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.api.RunsApiTest.TOKEN;
import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every read path of a run whose spec holds secrets (an {@code Authorization} header, a body): without the token the
 * values read {@code <redacted>} and appear nowhere, JSON, text, histogram or page; with it the spec is whole. Lists
 * are summaries. Before issue 22 {@code GET /runs} served the target's token to anyone.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadPathsApiTest {

    static final String SECRET = "Bearer target-secret-4711";
    static final String BODY_SECRET = "hunter2-secret";
    String id;

    /** Before each test, not before all: RestAssured learns the test port only once a test runs. */
    @BeforeEach
    void aRunWithSecretsEnds() throws Exception {
        if (id != null) {
            return;
        }
        // nothing listens on port 9: the run counts connect errors for half a second and ends failed, its one
        // connection never opened (its report kept)
        String spec = new ObjectMapper().writeValueAsString(Map.of("kind", "http", "target", "http://127.0.0.1:9/",
                "method", "POST", "headers", Map.of("Authorization", SECRET, "X-Trace", "t-1"),
                "body", "{\"password\":\"" + BODY_SECRET + "\"}", "duration", "500ms", "connections", 1));
        Response started = authed().body(spec).post("/runs");
        started.then().statusCode(202).body("spec.headers.Authorization", equalTo(SECRET));
        id = started.path("id");
        for (int i = 0; i < 300 && List.of("queued", "running").contains(given().get("/runs/" + id).<String>path("state")); i++) {
            Thread.sleep(100);
        }
        given().get("/runs/" + id).then().body("state", equalTo("failed"))
                .body("failure", containsString("1 of the 1 connections asked never opened"));
    }

    static void assertNoSecret(String what, String answer) {
        assertFalse(answer.contains("target-secret") || answer.contains(BODY_SECRET), what + " leaked: " + answer);
    }

    @Test
    void aRunReadWithoutTheTokenHasItsHeaderValuesAndBodyRedacted() {
        Response r = given().accept("application/json").get("/runs/" + id);
        r.then().statusCode(200).body("spec.headers.Authorization", equalTo("<redacted>"))
                .body("spec.headers.X-Trace", equalTo("<redacted>")).body("spec.body", equalTo("<redacted>"))
                .body("spec.target", equalTo("http://127.0.0.1:9/"));
        assertNoSecret("GET /runs/{id}", r.asString());
    }

    @Test
    void aRunReadWithTheTokenIsWhole() {
        given().header("Authorization", "Bearer " + TOKEN).accept("application/json").get("/runs/" + id).then()
                .statusCode(200).body("spec.headers.Authorization", equalTo(SECRET))
                .body("spec.body", equalTo("{\"password\":\"" + BODY_SECRET + "\"}"));
    }

    @Test
    void aWrongTokenReadsAsNoToken() {
        given().header("Authorization", "Bearer not-it").accept("application/json").get("/runs/" + id).then()
                .statusCode(200).body("spec.headers.Authorization", equalTo("<redacted>"));
    }

    @Test
    void listsAreSummariesWithoutSpecReportOrSecrets() {
        Response r = given().get("/runs?size=100");
        r.then().statusCode(200);
        List<Map<String, Object>> items = r.path("items");
        Map<String, Object> item = items.stream().filter(i -> id.equals(i.get("id"))).findFirst().orElseThrow();
        assertEquals("http", item.get("kind"));
        assertEquals("failed", item.get("state"));
        assertEquals("http://127.0.0.1:9/", item.get("target"));
        assertNotNull(item.get("createdAt"));
        assertNotNull(item.get("finishedAt"));
        // whether a busy test machine held the generator up is not this test's to say; that the summary tells is
        assertTrue(item.get("disturbed") instanceof Boolean, "disturbed is " + item.get("disturbed"));
        for (String absent : List.of("spec", "report", "progress", "histogram", "hasHistogram")) {
            assertNull(item.get(absent), absent + " is not in a list item");
        }
        assertNoSecret("GET /runs", r.asString());
        assertNoSecret("GET /runs with a token", given().header("Authorization", "Bearer " + TOKEN).get("/runs").asString());
    }

    @Test
    void reportsHistogramAndPagesCarryNoSecret() {
        assertNoSecret("report JSON", given().accept("application/json").get("/runs/" + id + "/report").then()
                .statusCode(200).extract().asString());
        assertNoSecret("report text", given().accept("text/plain").get("/runs/" + id + "/report").then()
                .statusCode(200).extract().asString());
        Response histogram = given().get("/runs/" + id + "/histogram");
        assertTrue(histogram.statusCode() == 200 || histogram.statusCode() == 404, histogram.asString());
        assertNoSecret("histogram", histogram.asString());
        assertNoSecret("run page", given().accept("text/html").get("/runs/" + id).then().statusCode(200)
                .extract().asString());
        assertNoSecret("run page with a token", given().header("Authorization", "Bearer " + TOKEN)
                .get("/runs/" + id + "/report.html").then().statusCode(200).extract().asString());
        String other = given().get("/runs?size=100").path("items.find { it.id != '" + id + "' }.id");
        if (other != null) {
            assertNoSecret("compare page", given().get("/compare?runs=" + id + "," + other).then().statusCode(200)
                    .extract().asString());
        }
        assertNoSecret("console", given().get("/ui/").then().statusCode(200).extract().asString());
    }

    /**
     * Issue 42: a target's {@code user:pass@} and {@code ?token=} were shown to readers without the token, on
     * {@code GET /runs}, the run and its page. Hidden as header values are; names kept; whole with the token.
     */
    @Test
    void urlCredentialsAndQueryValuesAreHidden() throws Exception {
        String target = "http://user:url-secret-1@127.0.0.1:9/x?token=url-secret-2&n=1";
        String spec = new ObjectMapper().writeValueAsString(Map.of("kind", "http", "target", target,
                "duration", "300ms", "connections", 1));
        String url = authed().body(spec).post("/runs").then().statusCode(202).extract().path("id");
        for (int i = 0; i < 300 && List.of("queued", "running").contains(given().get("/runs/" + url).<String>path("state")); i++) {
            Thread.sleep(100);
        }
        Response shown = given().accept("application/json").get("/runs/" + url);
        shown.then().statusCode(200).body("spec.target", equalTo("http://redacted@127.0.0.1:9/x?token=redacted&n=redacted"));
        assertFalse(shown.asString().contains("url-secret"), shown.asString());
        given().header("Authorization", "Bearer " + TOKEN).accept("application/json").get("/runs/" + url).then()
                .statusCode(200).body("spec.target", equalTo(target));
        for (String read : List.of("/runs?size=100", "/runs/" + url + "/report.html")) {
            String answer = given().header("Authorization", "Bearer " + TOKEN).get(read).asString();
            assertFalse(answer.contains("url-secret"), read + ": " + answer);
        }
    }
}
