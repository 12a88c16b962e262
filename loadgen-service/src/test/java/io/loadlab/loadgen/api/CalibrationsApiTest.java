package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * POST /calibrations end to end on loopback: the loadgen drives its own responders as ordinary runs, under the
 * one active-job rule, and records the ceiling with the measurements behind it. Needs no tool: the responders are
 * in-process.
 */
@QuarkusTest
class CalibrationsApiTest {

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "{'duration':'31s'}                   | duration    | from 100ms to 30s",
            "{'duration':'50ms'}                  | duration    | from 100ms to 30s",
            "{'duration':'soon'}                  | duration    | must be a duration",
            "{'warmup':'11s'}                     | warmup      | from 0s to 10s",
            "{'connections':0}                    | connections | from 1 to 256",
            "{'connections':257}                  | connections | from 1 to 256",
            "{'connections':4,'threads':5}        | threads     | not exceed connections",
            "{'threads':'two'}                    | threads     | must be an integer",
            "{'bogus':1}                          | bogus       | unknown field",
    })
    void badFieldsAreA400NamingTheField(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/calibrations").then().statusCode(400)
                .contentType("application/json")
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void withoutTheTokenNothingStarts() {
        given().contentType("application/json").body("{}").post("/calibrations").then().statusCode(401);
        authed().body("[1]").post("/calibrations").then().statusCode(400);
    }

    @Test
    void aCalibrationMeasuresEachShapeAgainstItsOwnRespondersAndKeepsTheRecord() throws Exception {
        String body = "{\"duration\":\"1s\",\"warmup\":\"300ms\",\"connections\":4,\"threads\":1}";
        String id = authed().body(body).post("/calibrations").then().statusCode(202)
                .header("Location", containsString("/calibrations/")).body("state", equalTo("running"))
                .extract().path("id");
        // The one slot refuses a second job while the first is active (three runs of 1.3 s: it almost always is).
        // Should the first have ended already, the second ran instead of being refused, and the first's record says so.
        io.restassured.response.Response second = authed().body(body).post("/calibrations");
        if (second.statusCode() == 409) {
            assertTrue(second.jsonPath().getString("activeRun").contains(id), second.asString());
        } else {
            assertEquals(202, second.statusCode(), second.asString());
            assertTrue(!"running".equals(given().get("/calibrations/" + id).then().extract().path("state")));
            await(second.jsonPath().getString("id"));
        }
        JsonPath c = await(id);
        assertEquals("completed", c.getString("state"), c.prettify());
        assertEquals(List.of("HTTP_KEEP_ALIVE", "HTTP_CLOSE", "UDP"), c.getList("result.measurements.shape"));
        for (int i = 0; i < 3; i++) {
            String m = "result.measurements[" + i + "].";
            given().get("/runs/" + c.getString(m + "runId")).then().statusCode(200).body("state", equalTo("completed"));
            long counted = c.getLong(m + "counted");
            assertTrue(counted > 0, c.prettify());
            assertTrue(c.getDouble(m + "perSecond") > 0, c.prettify());
            if (i < 2) {
                // every request the loadgen counted as answered was answered by the responder (warm-up too)
                assertTrue(c.getLong(m + "answered") >= counted, c.prettify());
                assertTrue(c.getDouble(m + "cpuMicrosPerRequest") > 0, c.prettify());
            }
        }
        assertEquals(c.getDouble("result.measurements[0].perSecond"), c.getDouble("result.ceiling.keepAlivePerLoop"), 1e-9);
        assertEquals(c.getDouble("result.measurements[1].perSecond"), c.getDouble("result.ceiling.closePerLoop"), 1e-9);
        assertEquals(c.getDouble("result.measurements[2].perSecond"), c.getDouble("result.ceiling.udpMessagesPerSecond"), 1e-9);
        given().get("/calibrations").then().statusCode(200).body("items.id", hasItem(id));
        given().get("/calibrations/" + id).then().statusCode(200).body("result.ceiling.cores", equalTo(
                Runtime.getRuntime().availableProcessors()));
        given().get("/calibrations/nope").then().statusCode(404);
    }

    @Test
    void anActiveCalibrationIsCancelledWithTheShapesItMeasuredInFull() throws Exception {
        given().delete("/calibrations/nope").then().statusCode(401);
        authed().delete("/calibrations/nope").then().statusCode(404).contentType("application/json");
        String id = authed().body("{\"duration\":\"30s\",\"warmup\":\"0s\",\"connections\":2,\"threads\":1}")
                .post("/calibrations").then().statusCode(202).extract().path("id");
        String run = null;
        for (int i = 0; i < 300 && run == null; i++) {
            run = given().get("/calibrations/" + id).then().extract().path("currentRun");
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertTrue(run != null, "its first run started");
        given().delete("/calibrations/" + id).then().statusCode(401);
        int status = authed().delete("/calibrations/" + id).then().extract().statusCode();
        assertTrue(status == 200 || status == 202, "stopped (200) or stopping (202): " + status);
        JsonPath c = await(id);
        assertEquals("cancelled", c.getString("state"), c.prettify());
        assertEquals(List.of(), c.getList("result.measurements"), "its first shape (30 s) was stopped: none in full");
        assertTrue(c.get("result.ceiling") == null, c.prettify());
        given().get("/runs/" + run).then().statusCode(200).body("state", equalTo("cancelled"));
        authed().delete("/calibrations/" + id).then().statusCode(409).body("msg", containsString("cancelled"));
        String next = authed().body("{\"duration\":\"100ms\",\"warmup\":\"0s\",\"connections\":1,\"threads\":1}")
                .post("/calibrations").then().statusCode(202).extract().path("id"); // the slot is free again
        assertEquals("completed", await(next).getString("state"));
    }

    static JsonPath await(String id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath x = given().get("/calibrations/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(x.getString("state"))) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("calibration " + id + " did not finish within 60 s");
    }
}
