package io.loadlab.loadgen.api;

import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static io.loadlab.loadgen.api.ExperimentsApiTest.T;
import static io.loadlab.loadgen.api.ExperimentsApiTest.await;
import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Experiments with {@code repeats}: validation, interleaved cells with intervals, searches labelled, on loopback. */
@SystemTest
@QuarkusTest
class ExperimentRepeatsApiTest {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "0      | from 1 to 20",
            "21     | from 1 to 20",
            "true   | must be an integer",
            "1.5    | must be an integer",
    })
    void badRepeatsAreA400NamingTheField(String repeats, String message) {
        authed().body(("{'targets':[" + T + "],'variants':[{}],'repeats':" + repeats + "}").replace('\'', '"'))
                .post("/experiments").then().statusCode(400).contentType("application/json")
                .body("violations.field", hasItem("repeats"))
                .body("violations.find { it.field == 'repeats' }.message", containsString(message));
    }

    private String spec(String rest) {
        String base = target.base();
        return "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\","
                + "\"linkMbps\":10000," + rest + "}";
    }

    @Test
    void repeatedCellsRunInterleavedAndEachCellGivesMediansAndIntervals() throws Exception {
        String id = authed().body(spec("\"repeats\":2,\"variants\":[{\"number\":2,\"connections\":4,\"threads\":1,\"rate\":50},"
                        + "{\"number\":3,\"connections\":4,\"threads\":1,\"rate\":50}]"))
                .post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(4, x.getInt("runsPlanned"), "2 cells x 2 repeats, link given");
        assertEquals(List.of("n=2 c=4 r=50", "n=3 c=4 r=50", "n=2 c=4 r=50", "n=3 c=4 r=50"),
                x.getList("cells.variant"), "A B A B, not A A B B");
        List<String> runIds = x.getList("cells.runId");
        assertEquals(2, x.getList("stats").size(), x.prettify());
        for (int i = 0; i < 2; i++) {
            String at = "stats[" + i + "].";
            assertEquals(2, x.getInt(at + "repeats"));
            assertEquals(List.of(runIds.get(i), runIds.get(i + 2)), x.getList(at + "runs"), "every repeat's run kept");
            double low = x.getDouble(at + "requestsPerSecond.low");
            double high = x.getDouble(at + "requestsPerSecond.high");
            double median = x.getDouble(at + "requestsPerSecond.median");
            double a = x.getDouble("cells[" + i + "].requestsPerSecond");
            double b = x.getDouble("cells[" + (i + 2) + "].requestsPerSecond");
            assertEquals((a + b) / 2, median, 1e-9, "the median of two repeats is their mean");
            assertTrue(low >= Math.min(a, b) && high <= Math.max(a, b) && low <= median && median <= high, x.prettify());
            assertTrue(x.getDouble(at + "p99Millis.low") <= x.getDouble(at + "p99Millis.high"));
            for (String run : x.<String>getList(at + "runs")) {
                given().get("/runs/" + run).then().statusCode(200).body("state", equalTo("completed"));
            }
        }
        assertEquals(2, x.getList("scaling").size(), "one row per cell, not per run");
        assertNull(x.get("scaling[0].vsSmallest"), "one target: each is its own reference");
        given().accept("text/plain").get("/experiments/" + id).then().statusCode(200)
                .body(containsString("Repeats (median and 95% bootstrap interval")).body(containsString("vs smallest"));
    }

    /**
     * Rates any machine sustains under an SLO no healthy loopback answer misses: the search doubles to maxRate,
     * each rate twice, and says its answer is a lower bound. With probes capped at 1 s in tests, 5/s and 10/s
     * collect 5 and 10 samples, and the result says the p99 rests on fewer than 1000.
     */
    @Test
    void aRepeatedSearchIsLabelledAndNamesProbesTooShortForTheirP99() throws Exception {
        String id = authed().body(spec("\"repeats\":2,\"variants\":[{\"number\":2,\"connections\":4,\"threads\":1}],"
                        + "\"search\":{\"p99Millis\":5000,\"maxErrorRate\":0,\"startRate\":5,\"maxRate\":10,\"maxSteps\":3}"))
                .post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(List.of(5f, 5f, 10f, 10f), x.getList("searches[0].curve.rate", Float.class), x.prettify());
        assertEquals("LOWER_BOUND", x.getString("searches[0].outcome"), x.prettify());
        assertEquals(10.0, x.getDouble("searches[0].sustainableRate"), 1e-9);
        assertNull(x.get("searches[0].failingRate"));
        assertEquals(List.of(5, 5, 10, 10), x.getList("searches[0].curve.samples", Integer.class),
                "rate x the 1 s probe: " + x.prettify());
        assertTrue(x.getString("searches[0].note").contains("the p99 of 4 of 4 probes rests on fewer than 1000 samples"),
                x.getString("searches[0].note"));
    }
}
