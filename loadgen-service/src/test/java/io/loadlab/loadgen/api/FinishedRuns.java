package io.loadlab.loadgen.api;

import io.restassured.path.json.JsonPath;

import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Waits, through the API, for a run to end completed: 600 polls 50 ms apart, so 30 s at most. */
public final class FinishedRuns {

    private FinishedRuns() {
    }

    /** The run's JSON once it left queued and running; fails naming its state and failure unless completed. */
    static JsonPath completed(String id) throws InterruptedException {
        return completed(id, DataApiTest.TOKEN);
    }

    /** As {@link #completed(String)}, read with {@code authorization} (the test's own {@code Bearer} token). */
    public static JsonPath completed(String id, String authorization) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath run = given().header("Authorization", authorization).get("/runs/" + id).then().statusCode(200)
                    .extract().jsonPath();
            String state = run.getString("state");
            if (!"running".equals(state) && !"queued".equals(state)) {
                assertEquals("completed", state, "run ended as " + state + ": " + run.getString("failure"));
                return run;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("run " + id + " did not finish within 30 s");
    }
}
