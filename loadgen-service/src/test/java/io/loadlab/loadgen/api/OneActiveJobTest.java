package io.loadlab.loadgen.api;

import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One active job at a time, runs and experiments alike, against the real target service on loopback. Before the
 * shared rule, a POST /runs every 5 ms got a 202 between two cells, and the experiment then failed.
 */
@SystemTest
@QuarkusTest
class OneActiveJobTest {

    /** Bounds the loop: 4 cells of 600 ms take about 3 s; 4,000 POSTs at 5 ms are 20 s at least. */
    private static final int MAX_POSTS = 4_000;

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    private static String run(String duration) {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"threads\":1,\"connections\":2,\"timeout\":\"2s\",\"warmup\":\"0s\",\"duration\":\"" + duration + "\"}";
    }

    private static String experiment(int cells) {
        String base = target.base();
        StringBuilder variants = new StringBuilder();
        for (int i = 0; i < cells; i++) {
            variants.append(i == 0 ? "" : ",").append("{\"number\":").append(2 + i).append(",\"connections\":2,\"threads\":1}");
        }
        return "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[" + variants + "],"
                + "\"duration\":\"500ms\",\"warmup\":\"100ms\",\"linkMbps\":10000}";
    }

    @Test
    void noRunSlipsInBetweenTheCellsOfAnExperiment() throws Exception {
        String id = authed().body(experiment(4)).post("/experiments").then().statusCode(202).extract().path("id");
        int refused = 0;
        List<String> wrong = new ArrayList<>();
        List<Response> accepted = new ArrayList<>();
        for (int i = 0; i < MAX_POSTS && "running".equals(state(id)); i++) {
            Response r = authed().body(run("200ms")).post("/runs");
            if (r.statusCode() == 409 && id.equals(r.path("activeRun"))
                    && ("experiment " + id + " is active").equals(r.path("msg"))) {
                refused++;
            } else if (r.statusCode() == 202) {
                accepted.add(r); // the last state read said running; the experiment may have ended since
            } else {
                wrong.add(r.statusCode() + " " + r.asString());
            }
            TimeUnit.MILLISECONDS.sleep(5);
        }
        JsonPath x = ExperimentsApiTest.await(id);
        // A run may start only once the experiment's final record is written (it is, before the slot is released):
        // on a busy machine the experiment can end between the state read and the POST (seen once under a CPU hog).
        Instant finished = Instant.parse(x.getString("finishedAt"));
        for (Response r : accepted) {
            if (Instant.parse(r.path("createdAt")).isBefore(finished)) {
                wrong.add("202 before the experiment finished at " + finished + ": " + r.asString());
            }
            RunLifecycleApiTest.awaitState(r.path("id"), "completed"); // its slot free for the next test
        }
        assertEquals(List.of(), wrong, "every POST during the experiment is a 409 naming it");
        assertTrue(accepted.size() <= 1, "only the POST racing the experiment's end can start a run: " + accepted.size());
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(4, x.getList("cells").size(), x.prettify());
        assertTrue(refused > 0);
    }

    @Test
    void noExperimentStartsDuringARun() throws Exception {
        String runId = authed().body(run("30s")).post("/runs").then().statusCode(202).extract().path("id");
        try {
            Response r = authed().body(experiment(1)).post("/experiments");
            assertEquals(409, r.statusCode(), r.asString());
            assertEquals(runId, r.path("activeRun"));
            assertTrue(r.<String>path("msg").contains("run " + runId), r.asString());
        } finally {
            authed().delete("/runs/" + runId).then().statusCode(200);
        }
        String id = authed().body(experiment(1)).post("/experiments").then().statusCode(202).extract().path("id");
        assertEquals("completed", ExperimentsApiTest.await(id).getString("state"), "the slot is free once the run ended");
    }

    private static String state(String experiment) {
        return given().get("/experiments/" + experiment).then().statusCode(200).extract().path("state");
    }
}
