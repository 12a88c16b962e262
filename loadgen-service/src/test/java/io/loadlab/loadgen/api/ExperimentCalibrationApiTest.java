package io.loadlab.loadgen.api;

import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static io.loadlab.loadgen.api.ExperimentsApiTest.T;
import static io.loadlab.loadgen.api.ExperimentsApiTest.await;
import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code calibrate: true}: the ceiling measured first under the experiment's claim, then each cell held against it. */
@SystemTest
@QuarkusTest
class ExperimentCalibrationApiTest {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @Test
    void calibrateMustBeABoolean() {
        authed().body(("{'targets':[" + T + "],'variants':[{}],'calibrate':'yes'}").replace('\'', '"'))
                .post("/experiments").then().statusCode(400)
                .body("violations.field", hasItem("calibrate"))
                .body("violations.find { it.field == 'calibrate' }.message", containsString("true or false"));
    }

    @Test
    void aCalibratedExperimentMeasuresTheCeilingFirstAndFlagsExactlyTheCellsNearIt() throws Exception {
        String base = target.base();
        String spec = "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\",\"linkMbps\":10000,"
                + "\"calibrate\":true,\"variants\":[{\"number\":2,\"connections\":4,\"threads\":1,\"rate\":20},"
                + "{\"number\":2,\"connections\":8,\"threads\":2}]}";
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(5, x.getInt("runsPlanned"), "two cells and three calibration runs");
        assertEquals(5, x.getInt("runsDone"), x.prettify());
        assertEquals(List.of("HTTP_KEEP_ALIVE", "HTTP_CLOSE", "UDP"), x.getList("calibration.measurements.shape"));
        for (String run : x.getList("calibration.measurements.runId", String.class)) {
            given().get("/runs/" + run).then().statusCode(200);
        }
        // Flagged exactly when the cell's rate reaches 0.7 of the keep-alive ceiling on its event loops (cores capped).
        double perLoop = x.getDouble("calibration.ceiling.keepAlivePerLoop");
        int cores = x.getInt("calibration.ceiling.cores");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int loops = Math.min(cores, i == 0 ? 1 : 2);
            if (x.getDouble("cells[" + i + "].requestsPerSecond") >= 0.7 * perLoop * loops) {
                expected.add(x.getString("cells[" + i + "].runId"));
            }
        }
        assertEquals(expected, x.getList("suspects.runId"), x.prettify());
        assertTrue(20 < 0.7 * perLoop, "a 20/s cell is far below any ceiling: " + x.prettify());
    }
}
