package io.loadlab.loadgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;

/**
 * The API's answers that need no run to start: validation, guards, errors, metrics, health. Run
 * against the packaged jar too ({@link RunsApiIT}), where only the production kinds exist.
 */
@QuarkusTest
class RunsApiTest {

    static final String TOKEN = "test-token";
    static final String VALID = "{\"kind\":\"http\",\"target\":\"http://127.0.0.1:9/\",\"duration\":\"1s\"}";

    static RequestSpecification authed() {
        return given().header("Authorization", "Bearer " + TOKEN).contentType("application/json");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{'kind':'http','target':'http://127.0.0.1:9/','connections':0}                | connections | at least 1",
            "{'kind':'http','target':'http://127.0.0.1:9/','connections':'abc'}            | connections | must be an integer",
            "{'kind':'http','target':'http://127.0.0.1:9/','connections':1.5}              | connections | must be an integer",
            "{'kind':'http','target':'http://127.0.0.1:9/','threads':0}                    | threads     | at least 1",
            "{'kind':'http','target':'http://127.0.0.1:9/','connections':2,'threads':3}    | threads     | must not exceed connections",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':'10 parsecs'}        | duration    | must be a duration",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':10}                  | duration    | must be a duration",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':'0s'}                | duration    | above zero",
            "{'kind':'http','target':'http://127.0.0.1:9/','warmup':'soon'}                | warmup      | must be a duration",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'PT0.0005S'}          | timeout     | whole number of milliseconds",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':-1}                      | rate        | positive rate",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':'fast'}                  | rate        | must be a number",
            "{'kind':'http','target':'http://127.0.0.1:9/','keepAlive':'yes'}              | keepAlive   | true or false",
            "{'kind':'http','target':'http://127.0.0.1:9/','method':'BREW'}                | method      | must be one of",
            "{'kind':'http','target':'http://127.0.0.1:9/','headers':{'Bad Name':'x'}}     | headers     | not a valid header name",
            "{'kind':'http','target':'http://127.0.0.1:9/','headers':{'X-A':1}}            | headers     | must be a string",
            "{'kind':'http','target':'http://127.0.0.1:9/','headers':'X-A: 1'}             | headers     | must be an object",
            "{'kind':'http','target':'http://127.0.0.1:9/','bogus':1}                      | bogus       | unknown field",
            "{'kind':'http'}                                                               | target      | is required",
            "{'kind':'http','target':'ftp://127.0.0.1/'}                                   | target      | http:// or https://",
            "{'kind':'http','target':'http://127.0.0.1:9/','tls':{}}                       | tls         | https:// targets only",
            "{'kind':'http','target':'https://127.0.0.1:9/','tls':{'ca':'-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----'}} | tls.ca | not a PEM bundle",
            "{'kind':'http','target':'https://127.0.0.1:9/','tls':{'ca':'not pem'}}        | tls.ca      | PEM bundle",
            "{'kind':'http','target':'https://127.0.0.1:9/','tls':{'versions':['SSLv3']}}  | tls.versions | must name only",
            "{'kind':'http','target':'https://127.0.0.1:9/','tls':{'ciphers':['TLS_MADE_UP']}} | tls.ciphers | does not support",
            "{'kind':'http','target':'https://127.0.0.1:9/','tls':{'insecure':true}}       | tls.insecure | allow-insecure-tls",
            "{'kind':'http','target':'http://127.0.0.1:9/ x'}                              | target      | not a valid URI",
            "{'kind':'http','target':42}                                                   | target      | must be a string",
            "{'kind':'gopher','target':'http://127.0.0.1:9/'}                              | kind        | is unknown",
            "{'target':'http://127.0.0.1:9/'}                                              | kind        | is required",
            "{'kind':'http','target':'http://127.0.0.1:9/','connections':10001}            | connections | max-connections",
            "{'kind':'http','target':'http://127.0.0.1:9/','threads':65,'connections':100} | threads     | max-threads",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':1000001}                 | rate        | max-rate",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':'2h'}                | duration    | max-duration",
            "{'kind':'http','target':'http://127.0.0.1:9/','warmup':'61m'}                 | warmup      | max-duration",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':1e-300}                  | rate        | at least 0.1",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':1e-10}                   | rate        | at least 0.1",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':0.09}                    | rate        | at least 0.1",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':'999999999h'}        | duration    | at most 292 years",
            "{'kind':'http','target':'http://127.0.0.1:9/','duration':'PT2562048H'}        | duration    | at most 292 years",
            "{'kind':'http','target':'http://127.0.0.1:9/','warmup':'999999999h'}          | warmup      | at most 292 years",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'PT2562048H'}         | timeout     | at most 292 years",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'2h'}                 | timeout     | max-timeout",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'P1D'}                | timeout     | max-timeout",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'P106751D'}           | timeout     | max-timeout",
            "{'kind':'http','target':'http://127.0.0.1:9/','timeout':'61s'}                | timeout     | max-timeout",
            "[1,2]                                                                         | ''          | JSON object",
    })
    void everyBadFieldIsNamed(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/runs").then()
                .statusCode(400).contentType("application/json")
                .body("code", equalTo(400)).body("msg", equalTo("invalid run spec"))
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void allBadFieldsAreNamedAtOnce() {
        authed().body("{\"kind\":\"http\",\"target\":\"ftp://x/\",\"connections\":\"abc\",\"threads\":0,"
                        + "\"duration\":\"500 ms\",\"rate\":-2,\"extra\":true}")
                .post("/runs").then().statusCode(400)
                .body("violations.field", hasItems("target", "connections", "threads", "duration", "rate", "extra"));
    }

    @Test
    void bodyThatIsNotAJsonSpecGetsA4xxJson() {
        authed().body("{\"kind\":").post("/runs").then().statusCode(400)
                .contentType("application/json").body("msg", startsWith("malformed JSON"));
        authed().body("").post("/runs").then().statusCode(400).body("msg", containsString("body is required"));
        given().header("Authorization", "Bearer " + TOKEN).contentType("text/plain").body(VALID)
                .post("/runs").then().statusCode(415).contentType("application/json").body("code", equalTo(415));
        given().header("Authorization", "Bearer " + TOKEN).body(VALID.getBytes())
                .post("/runs").then().statusCode(415).contentType("application/json");
    }

    /** Each answered 500 with an ERROR stack trace before (issue 10, item 6). */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "DEEP                                                            | nesting depth",
            "{'kind':'http','target':'http://127.0.0.1:9/','rate':LONG}      | Number value length",
            "{'kind':'http','kind':'http','target':'http://127.0.0.1:9/'}   | Duplicate field 'kind'",
            "{'kind':'http','target':'http://127.0.0.1:9/'} {}              | Trailing token",
            "{'kind':'http','target':'http://127.0.0.1:9/'} x               | ",
    })
    void hostileJsonIs400(String body, String message) {
        String json = body.replace("DEEP", "[".repeat(1_001) + "]".repeat(1_001))
                .replace("LONG", "9".repeat(5_000)).replace('\'', '"');
        authed().body(json).post("/runs").then().statusCode(400).contentType("application/json")
                .body("msg", startsWith("malformed JSON")).body("msg", containsString(message == null ? "" : message));
    }

    @Test
    void oversizedBodyIs413() {
        String huge = "{\"kind\":\"http\",\"body\":\"" + "x".repeat(3 * 1024 * 1024) + "\"}";
        authed().body(huge).post("/runs").then().statusCode(413).contentType("application/json").body("code", equalTo(413));
    }

    @Test
    void writesNeedTheBearerToken() {
        given().contentType("application/json").body(VALID).post("/runs").then()
                .statusCode(401).contentType("application/json").body("code", equalTo(401));
        given().header("Authorization", "Bearer wrong").contentType("application/json").body(VALID)
                .post("/runs").then().statusCode(401);
        given().delete("/runs/20250101-000000-000-000").then().statusCode(401);
        given().get("/runs").then().statusCode(200);
    }

    @ParameterizedTest
    @CsvSource({"http://192.0.2.1/, 192.0.2.1", "'http://[2001:db8::1]:80/', 2001:db8:0:0:0:0:0:1",
            "'http://[::ffff:192.0.2.1]/', 192.0.2.1", "http://10.0.0.1:8080/x, 10.0.0.1"})
    void targetsOutsideTheAllowlistAre403(String target, String address) {
        authed().body("{\"kind\":\"http\",\"target\":\"" + target + "\"}").post("/runs").then()
                .statusCode(403).contentType("application/json")
                .body("code", equalTo(403)).body("address", equalTo(address))
                .body("rule", equalTo("loadgen.targets.allowed=127.0.0.0/8,::1,localhost"))
                .body("target", equalTo(target));
    }

    @Test
    void unknownRunsAre404() {
        given().get("/runs/20250101-000000-000-000").then().statusCode(404).contentType("application/json");
        given().get("/runs/../etc/passwd").then().statusCode(404);
        given().get("/runs/20250101-000000-000-000/report").then().statusCode(404).body("code", equalTo(404));
        given().get("/runs/20250101-000000-000-000/histogram").then().statusCode(404);
        authed().delete("/runs/20250101-000000-000-000").then().statusCode(404);
    }

    @ParameterizedTest
    @CsvSource({"page, -1", "page, abc", "size, 0", "size, 101", "size, x"})
    void badPagingIs400(String param, String value) {
        given().queryParam(param, value).get("/runs").then().statusCode(400)
                .body("violations[0].field", equalTo(param));
    }

    @Test
    void pagingEchoesItsBounds() {
        given().queryParam("page", 99999).queryParam("size", 3).get("/runs").then().statusCode(200)
                .body("page", equalTo(99999)).body("size", equalTo(3)).body("items.size()", equalTo(0));
    }

    @Test
    void metricsCarryLoadgenMetersWithCommonTags() {
        String text = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String meter : new String[]{"loadgen_requests_total{", "loadgen_bytes_sent_total{", "loadgen_bytes_received_total{",
                "# TYPE loadgen_latency_seconds histogram", "loadgen_active_connections{", "loadgen_requested_rate{", "loadgen_achieved_rate{",
                "loadgen_run_active{", "loadgen_runs_started_total{", "loadgen_runs_finished_total{", "loadgen_errors_total{"}) {
            org.hamcrest.MatcherAssert.assertThat(text, containsString(meter));
        }
        text.lines().filter(l -> l.startsWith("loadgen_")).forEach(l -> {
            org.hamcrest.MatcherAssert.assertThat(l, containsString("application=\"loadgen-service\""));
            org.hamcrest.MatcherAssert.assertThat(l, containsString("cores=\""));
            org.hamcrest.MatcherAssert.assertThat(l, org.hamcrest.Matchers.not(containsString("run_id")));
        });
        org.hamcrest.MatcherAssert.assertThat(text, containsString("outcome=\"status5xx\""));
    }

    @Test
    void healthAndOpenApi() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/ready").then().statusCode(200).body("checks.name", hasItem("loadgen-data-dir"));
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("paths.keySet()", hasItems("/runs", "/runs/{id}", "/runs/{id}/report", "/runs/{id}/histogram"));
    }

    static {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
    }
}
