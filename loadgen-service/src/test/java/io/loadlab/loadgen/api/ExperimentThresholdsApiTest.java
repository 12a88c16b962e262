package io.loadlab.loadgen.api;

import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.api.ExperimentsApiTest.await;
import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An experiment's thresholds: every cell's run judged as a run, the experiment's gate listing each with its scope
 * ({@code target/variant #repeat}), {@code trustworthy} from each cell's verdict, and the text table ending with it.
 */
@SystemTest
@QuarkusTest
class ExperimentThresholdsApiTest {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    private String spec(String rest) {
        String base = target.base();
        return "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\","
                + "\"linkMbps\":10000," + rest + "}";
    }

    @Test
    void everyCellIsJudgedAndTheExperimentFailsOnOneFailedThreshold() throws Exception {
        String id = authed().body(spec("\"repeats\":2,\"variants\":[{\"number\":2,\"connections\":2,"
                        + "\"threads\":1,\"rate\":50}],\"thresholds\":{\"requests\":\"== 50\",\"p99Millis\":\"< 0.001\","
                        + "\"trustworthy\":true}"))
                .post("/experiments").then().statusCode(202).extract().path("id");
        await(id);
        JsonPath x = given().get("/experiments/" + id).then().extract().jsonPath().using(ThresholdsApiTest.DOUBLES);
        assertEquals("completed", x.getString("state"), x.prettify());
        List<Map<String, Object>> gate = x.getList("gate.thresholds");
        assertEquals(6, gate.size(), "3 thresholds x 2 cells: " + gate);
        String variant = x.getString("cells[0].variant");
        for (int cell = 0; cell < 2; cell++) {
            String scope = "local/" + variant + " #" + (cell + 1);
            JsonPath run = given().header("Authorization", DataApiTest.TOKEN).get("/runs/" + x.getString("cells[" + cell
                    + "].runId")).then().statusCode(200).extract().jsonPath().using(ThresholdsApiTest.DOUBLES);
            assertEquals(List.of(scope, scope, scope), gate.subList(3 * cell, 3 * cell + 3).stream().map(t -> t.get("scope")).toList());
            assertEquals(50.0, x.getDouble("gate.thresholds[" + 3 * cell + "].actual"), "50/s for 1 s, open model: exactly 50");
            assertEquals(true, gate.get(3 * cell).get("passed"));
            assertEquals(run.getDouble("gate.thresholds[1].actual"), x.getDouble("gate.thresholds[" + (3 * cell + 1) + "].actual"),
                    "the cell's run judged its own p99");
            assertEquals(false, gate.get(3 * cell + 1).get("passed"));
            assertEquals(x.getBoolean("cells[" + cell + "].verdict.trustworthy") ? 1.0 : 0.0,
                    x.getDouble("gate.thresholds[" + (3 * cell + 2) + "].actual"), "trustworthy is the cell's verdict's");
            assertFalse(run.getBoolean("gate.passed"), "each cell's run carries its own gate");
        }
        assertFalse(x.getBoolean("gate.passed"));
        assertTrue(x.getString("gate.reason").startsWith("local/" + variant + " #1: p99Millis < 0.001 failed: actual "),
                x.getString("gate.reason"));
        String text = given().accept("text/plain").get("/experiments/" + id).then().statusCode(200).extract().asString();
        assertTrue(text.contains("\nThresholds: ") && text.contains("  FAIL local/" + variant + " #2 p99Millis < 0.001 (actual ")
                && text.endsWith("Gate: FAIL (" + x.getString("gate.reason") + ")\n"), text);
    }

    @Test
    void badThresholdsAreRefusedNamingThem() {
        authed().body(spec("\"variants\":[{}],\"thresholds\":{\"lossPercent\":\"< 1\"}")).post("/experiments").then()
                .statusCode(400).body("violations.field", hasItem("thresholds.lossPercent"))
                .body("violations.find { it.field == 'thresholds.lossPercent' }.message", containsString("not a figure of http runs"));
        authed().body(spec("\"variants\":[{}],\"search\":{\"p99Millis\":50},\"thresholds\":{\"errors\":\"< 1\"}"))
                .post("/experiments").then().statusCode(400).body("violations.field", hasItem("thresholds"));
    }
}
