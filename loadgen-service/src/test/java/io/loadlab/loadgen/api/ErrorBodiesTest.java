package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.restassured.RestAssured.given;
import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.startsWith;

/**
 * Every kind of error answer, field by field: exactly the documented keys, each with its value. Run against the
 * packaged build too ({@link ErrorBodiesIT}); with {@code -Pnative} that is the native binary, whose error bodies
 * were {@code {}} while ApiError and Violation were not registered for reflection (issue 17).
 */
@QuarkusTest
class ErrorBodiesTest {

    private static ValidatableResponse json(ValidatableResponse r, int code, String... keys) {
        return r.statusCode(code).contentType("application/json").body("keySet()", containsInAnyOrder(keys))
                .body("code", equalTo(code)).body("msg", not(emptyOrNullString()));
    }

    @Test
    void invalidSpecNamesEachField() {
        json(authed().body("{\"kind\":\"http\",\"target\":\"http://127.0.0.1:9/\",\"connections\":0,\"bogus\":1}")
                .post("/runs").then(), 400, "code", "msg", "violations")
                .body("msg", equalTo("invalid run spec"))
                .body("violations.size()", equalTo(2))
                .body("violations.find { it.field == 'connections' }.keySet()", containsInAnyOrder("field", "message"))
                .body("violations.find { it.field == 'connections' }.message", containsString("at least 1"))
                .body("violations.find { it.field == 'bogus' }.message", containsString("unknown field"));
    }

    @Test
    void invalidExperimentNamesEachField() {
        json(authed().body("{\"duration\":\"soon\"}").post("/experiments").then(), 400, "code", "msg", "violations")
                .body("violations.field", org.hamcrest.Matchers.hasItems("targets", "duration"));
    }

    /** One intake for every resource that takes a body: the same 415, 400 and line and column of broken JSON. */
    @ParameterizedTest
    @ValueSource(strings = {"/runs", "/experiments"})
    void everyBodyIsTakenInTheSameWay(String resource) {
        json(authed().body("{\n  \"duration\": 10s\n}").post(resource).then(), 400, "code", "msg")
                .body("msg", startsWith("malformed JSON")).body("msg", containsString("at line 2, column"));
        json(authed().body("").post(resource).then(), 400, "code", "msg")
                .body("msg", startsWith("request body is required: a JSON"));
        json(given().header("Authorization", "Bearer " + RunsApiTest.TOKEN).contentType("text/plain").body("{}")
                .post(resource).then(), 415, "code", "msg");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/runs", "/experiments"})
    void everyListPagesInTheSameWay(String resource) {
        json(given().queryParam("size", 101).get(resource).then(), 400, "code", "msg", "violations")
                .body("violations[0].field", equalTo("size"))
                .body("violations[0].message", equalTo("must be an integer from 1 to 100"));
        json(given().queryParam("page", "x").get(resource).then(), 400, "code", "msg", "violations")
                .body("violations[0].field", equalTo("page"));
    }

    @Test
    void missingTokenIs401() {
        json(given().contentType("application/json").body(RunsApiTest.VALID).post("/runs").then(), 401, "code", "msg");
    }

    @Test
    void refusedTargetIs403WithAddressAndRule() {
        json(authed().body("{\"kind\":\"http\",\"target\":\"http://10.1.2.3/\"}").post("/runs").then(), 403,
                "code", "msg", "target", "address", "rule")
                .body("target", equalTo("http://10.1.2.3/")).body("address", equalTo("10.1.2.3"))
                .body("rule", containsString("loadgen.targets.allowed="));
    }

    @Test
    void unknownRunIs404() {
        json(given().get("/runs/20250101-000000-000-000").then(), 404, "code", "msg");
    }

    @Test
    void notJsonIs415() {
        json(authed().contentType("text/plain").body(RunsApiTest.VALID).post("/runs").then(), 415, "code", "msg");
    }

    @Test
    void aSecondRunWhileOneIsActiveIs409NamingIt() {
        // Nothing listens on the discard port: the run stays active for its duration, making only connect errors.
        String id = authed().body("{\"kind\":\"http\",\"target\":\"http://127.0.0.1:9/\",\"duration\":\"30s\","
                + "\"connections\":1,\"threads\":1}").post("/runs").then().statusCode(202).extract().path("id");
        try {
            json(authed().body(RunsApiTest.VALID).post("/runs").then(), 409, "code", "msg", "activeRun")
                    .body("activeRun", equalTo(id));
            // issue 42: refused before the spec is read, its data files with it (a file that is not there would be a
            // 400 once read; a refused POST read them all and the active run's p99 went from 3.7 to 54.6 ms)
            json(authed().body("{\"kind\":\"http\",\"target\":\"http://127.0.0.1:9/\",\"requests\":[{\"name\":\"a\","
                    + "\"path\":\"/${id}\"}],\"values\":{\"id\":{\"file\":\"not-read.csv\"}}}").post("/runs").then(),
                    409, "code", "msg", "activeRun").body("activeRun", equalTo(id));
        } finally {
            authed().delete("/runs/" + id).then().statusCode(org.hamcrest.Matchers.anyOf(equalTo(200), equalTo(202)));
            given().get("/runs/" + id).then().statusCode(200);
        }
    }
}
