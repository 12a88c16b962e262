package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile experiment plans (issue 22): sizes whose product wrapped an int or filled the heap get a 400 naming the
 * field before anything is planned or started. Before: 9 targets x 400,000 variants x 30 steps x 20 repeats was a
 * 202 with runsPlanned -2,134,967,296; 300 targets x 400,000 variants without a search ran out of memory.
 */
@QuarkusTest
class ExperimentPlanningApiTest {

    static String targets(int n) {
        return IntStream.range(0, n).mapToObj(i -> "{\"name\":\"t" + i + "\",\"url\":\"http://127.0.0.1:9/test/testApi\","
                + "\"metrics\":\"http://127.0.0.1:9/q/metrics\",\"cores\":1}").collect(Collectors.joining(",", "[", "]"));
    }

    static String variants(int n) {
        return String.join(",", Collections.nCopies(n, "{}"));
    }

    /** Variants an experiment can run: each label its own (one of 400,000 copies is refused on the list's length first). */
    static String distinct(int n) {
        return IntStream.range(0, n).mapToObj(i -> "{\"number\":" + (i + 1) + "}").collect(Collectors.joining(","));
    }

    @Test
    void theReportersSearchIsRefusedOnItsVariants() {
        String body = "{\"targets\":" + targets(9) + ",\"variants\":[" + variants(400_000) + "],\"linkMbps\":1000,"
                + "\"repeats\":20,\"search\":{\"p99Millis\":5,\"maxSteps\":30}}";
        refused(body, "variants", "400000 entries, more than 100 (loadgen.experiments.max-variants)");
    }

    @Test
    void theReportersThreeHundredTargetsAreRefusedOnTargets() {
        String body = "{\"targets\":" + targets(300) + ",\"variants\":[" + variants(400_000) + "],\"repeats\":20}";
        refused(body, "targets", "300 entries, more than 100 (loadgen.experiments.max-targets)");
    }

    @Test
    void underTheListCapsThePlanIsCountedInLongsAndRefusedOnRunsPlanned() {
        String body = "{\"targets\":" + targets(100) + ",\"variants\":[" + distinct(100) + "],\"calibrate\":true,"
                + "\"repeats\":20,\"search\":{\"p99Millis\":5,\"maxSteps\":30}}";
        refused(body, "runsPlanned", "would start up to 6000103 runs, more than 200 (loadgen.experiments.max-runs)");
    }

    @Test
    void aPlanOfExactlyMaxRunsPassesThePlanningCheck() {
        // 10 targets x 20 variants, link given: 200 runs, the cap itself. Refused on something else, never on the plan.
        String body = "{\"targets\":" + targets(10) + ",\"variants\":[" + distinct(20) + "],\"linkMbps\":1000,"
                + "\"duration\":\"soon\"}";
        authed().body(body).post("/experiments").then().statusCode(400)
                .body("violations.field", equalTo(java.util.List.of("duration")));
    }

    private static void refused(String body, String field, String message) {
        int before = given().get("/experiments").then().statusCode(200).extract().path("total");
        authed().body(body).post("/experiments").then().statusCode(400).contentType("application/json")
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
        assertEquals(before, (int) given().get("/experiments").then().statusCode(200).extract().path("total"),
                "no experiment was started");
    }
}
