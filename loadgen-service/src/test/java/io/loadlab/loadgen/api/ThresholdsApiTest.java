package io.loadlab.loadgen.api;

import io.loadlab.loadgen.run.Runs;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Thresholds on real runs against the real target: judged on the report's own figures (the exact actual in the
 * gate), a failed run never passing, {@code abortOnFail} stopping a run once its errors pass the limit, and every
 * bad threshold refused at POST naming it.
 */
@SystemTest
@QuarkusTest
class ThresholdsApiTest {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @Inject
    Runs registry;

    @AfterEach
    void cancelLeftovers() {
        registry.activeIds().forEach(id -> registry.cancel(id));
    }

    /** Numbers as doubles: rest-assured reads them as floats by default, 819.46216 for 819.4621. */
    static final JsonPathConfig DOUBLES = new JsonPathConfig(JsonPathConfig.NumberReturnType.DOUBLE);

    private static String spec(String url, String extra) {
        return "{\"kind\":\"http\",\"target\":\"" + url + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"threads\":1,\"connections\":4,\"timeout\":\"2s\"," + extra + "}";
    }

    @Test
    void thresholdsThatMustPassPassAndOneThatMustFailFailsWithTheReportsOwnFigure() throws Exception {
        JsonPath run = ended(authed().body(spec(target.testApi().toString(), "\"duration\":\"2s\",\"thresholds\":"
                + "{\"errors\":\"== 0\",\"requests\":\"> 0\",\"p99Millis\":[\"< 60000\",\"< 0.001\"]}"))
                .post("/runs").then().statusCode(202).body("thresholds.p99Millis", equalTo(List.of("< 60000", "< 0.001")))
                .extract().path("id"));
        assertEquals("completed", run.getString("state"), run.prettify());
        List<Map<String, Object>> judged = run.getList("gate.thresholds");
        assertEquals(List.of("errors", "requests", "p99Millis", "p99Millis"), judged.stream().map(t -> t.get("name")).toList());
        assertEquals(List.of(true, true, true, false), judged.stream().map(t -> t.get("passed")).toList());
        assertEquals(0.0, run.getDouble("gate.thresholds[0].actual"));
        assertEquals(run.getLong("report.requests"), run.getDouble("gate.thresholds[1].actual"));
        assertEquals(run.getDouble("report.latencyMicros.p99") / 1000, run.getDouble("gate.thresholds[3].actual"), 1e-9,
                "the actual is the report's p99, in milliseconds");
        assertFalse(run.getBoolean("gate.passed"));
        assertTrue(run.getString("gate.reason").startsWith("p99Millis < 0.001 failed: actual "), run.getString("gate.reason"));
        assertNull(run.get("gate.abortedBy"));

        String text = given().accept("text/plain").get("/runs/" + run.getString("id") + "/report").then().statusCode(200)
                .extract().asString();
        assertTrue(text.contains("Requests/sec:"), "the wrk layout first: " + text);
        assertTrue(text.endsWith("Thresholds: 3 of 4 passed\n  PASS errors == 0 (actual 0)\n  PASS requests > 0 (actual "
                + run.getLong("report.requests") + ")\n  PASS p99Millis < 60000 (actual " + figure(run, "gate.thresholds[2].actual")
                + ")\n  FAIL p99Millis < 0.001 (actual " + figure(run, "gate.thresholds[3].actual") + ")\nGate: FAIL ("
                + run.getString("gate.reason") + ")\n"), text);
    }

    /** As the text prints a figure: 6 significant digits, no exponent. */
    private static String figure(JsonPath run, String path) {
        return new java.math.BigDecimal(run.getDouble(path)).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString();
    }

    @Test
    void aRunAgainstATargetThatIsDownNeverPassesWhateverItsThresholds() throws Exception {
        String down = "http://127.0.0.1:" + FreePorts.tcp() + "/";
        JsonPath run = ended(authed().body(spec(down, "\"duration\":\"1s\",\"thresholds\":{\"requests\":\">= 0\","
                + "\"p99Millis\":\"< 100\"}")).post("/runs").then().statusCode(202).extract().path("id"));
        assertEquals("failed", run.getString("state"));
        assertFalse(run.getBoolean("gate.passed"));
        assertEquals("the run failed: " + run.getString("failure"), run.getString("gate.reason"));
        assertEquals(true, run.get("gate.thresholds[0].passed"), "requests >= 0 holds on its own");
        assertNull(run.get("gate.thresholds[1].actual"), "no latency was measured: no figure, not 0");
        assertEquals(false, run.get("gate.thresholds[1].passed"));
    }

    /**
     * 20 requests a second to a path the target answers 404: the 10th error comes about 0.5 s in, past {@code errors
     * < 10}. The run must stop within 2 s of that second by its own figures (its measured seconds), long before the
     * 30 s asked, and end failed, not cancelled, its partial report kept.
     */
    @Test
    void abortOnFailEndsARunWhoseErrorsPassTheLimitWithinTwoSecondsOfTheCrossing() throws Exception {
        String missing = target.base() + "/no-such-path";
        JsonPath run = ended(authed().body(spec(missing, "\"duration\":\"30s\",\"rate\":20,"
                + "\"thresholds\":{\"errors\":{\"limit\":\"< 10\",\"abortOnFail\":true},\"p99Millis\":\"< 60000\"}"))
                .post("/runs").then().statusCode(202).extract().path("id"));
        assertEquals("failed", run.getString("state"), run.prettify());
        assertEquals("errors < 10", run.getString("gate.abortedBy"));
        assertFalse(run.getBoolean("gate.passed"));
        assertTrue(run.getString("failure").matches("aborted: errors < 10 failed at \\d+\\.\\d s \\(actual \\d+\\)"),
                run.getString("failure"));
        assertEquals(run.getString("failure"), run.getString("gate.reason"));
        List<Integer> errors = run.getList("report.series.points.errors", Integer.class);
        int sum = 0;
        int crossing = -1;
        for (int s = 0; s < errors.size() && crossing < 0; s++) {
            sum += errors.get(s);
            crossing = sum >= 10 ? s + 1 : -1; // the end of the second in which the 10th error came
        }
        assertTrue(crossing > 0, "the errors passed 10 in the series: " + errors);
        double measured = run.getDouble("report.durationSeconds");
        assertTrue(measured <= crossing + 2, "measured " + measured + " s, the 10th error by second " + crossing);
        assertTrue(run.getLong("report.errors.status4xx") >= 10, "the partial report is kept");
        assertEquals(false, run.get("gate.thresholds[0].passed"));
    }

    @Test
    void eachBadThresholdIsRefusedNamingIt() {
        refused("{\"p99Milis\":\"< 5\"}", "thresholds.p99Milis", "not a figure of http runs; one of [achievedRateRatio");
        refused("{\"p99Millis\":\"about 5\"}", "thresholds.p99Millis", "must be a condition like \"< 50\"");
        refused("{\"p99Millis\":{\"limit\":\"< 5\",\"abortOnFail\":true}}", "thresholds.p99Millis",
                "abortOnFail needs a figure judged while the run runs; http runs judge [errorRate, errors, requests] live");
        refused("{\"requests\":{\"limit\":\">= 100\",\"abortOnFail\":true}}", "thresholds.requests",
                "abortOnFail on a count needs '<' or '<='");
        refused("[\"p99Millis\"]", "thresholds", "must be an object");
        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i < 33; i++) {
            many.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":\"< 1\"");
        }
        refused(many.append("}").toString(), "thresholds", "at most 32 thresholds");
        authed().body(spec(target.testApi().toString(), "\"duration\":\"1s\",\"baseline\":\"" + "x".repeat(65) + "\""))
                .post("/runs").then().statusCode(400).body("violations.field", hasItem("baseline"));
        authed().body(spec(target.testApi().toString(), "\"duration\":\"0s\",\"thresholds\":{\"nope\":\"< 1\"}"))
                .post("/runs").then().statusCode(400).body("violations.field", hasItem("thresholds.nope"))
                .body("violations.field", hasItem("duration"));
    }

    private static void refused(String thresholds, String field, String message) {
        authed().body(spec(target.testApi().toString(), "\"duration\":\"1s\",\"thresholds\":" + thresholds))
                .post("/runs").then().statusCode(400).contentType("application/json")
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    /** The run's JSON once ended, whatever its state: 600 polls 50 ms apart. */
    private static JsonPath ended(String id) throws InterruptedException {
        assertNotNull(id);
        for (int i = 0; i < 600; i++) {
            JsonPath run = given().header("Authorization", DataApiTest.TOKEN).get("/runs/" + id).then().statusCode(200)
                    .extract().jsonPath().using(DOUBLES);
            if (run.get("gate") != null) {
                return run;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("run " + id + " was not judged within 30 s");
    }
}
