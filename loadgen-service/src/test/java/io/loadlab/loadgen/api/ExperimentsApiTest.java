package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.Verdict;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /experiments: validation and guards, then a short real experiment against the target service on loopback. */
@SystemTest
@QuarkusTest
class ExperimentsApiTest {

    static final String T = "{'name':'t1','url':'http://127.0.0.1:9/test/testApi','metrics':'http://127.0.0.1:9/q/metrics','cores':1}";

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @Inject
    Runs runs;

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "{'variants':[{}]}                                                        | targets                | at least one target",
            "{'targets':[" + T + "]}                                                  | variants               | at least one variant",
            "{'targets':[" + T + "],'variants':[{'number':0}]}                        | variants[0].number     | at least 1",
            "{'targets':[" + T + "],'variants':[{'rate':'fast'}]}                     | variants[0].rate       | must be a number",
            "{'targets':[" + T + "],'variants':[{'connections':10001}]}               | variants[0].connections| max-connections",
            "{'targets':[" + T + "],'variants':[{'bogus':1}]}                         | variants[0].bogus      | unknown field",
            "{'targets':[{'name':'a b','url':'ftp://x/','cores':0}],'variants':[{}]}  | targets[0].name        | letters",
            "{'targets':[{'name':'a','url':'ftp://x/','cores':0}],'variants':[{}]}    | targets[0].url         | http://",
            "{'targets':[{'name':'a','url':'http://x/','cores':0}],'variants':[{}]}   | targets[0].metrics     | is required",
            "{'targets':[{'name':'a','url':'http://x/','cores':0}],'variants':[{}]}   | targets[0].cores       | at least 1",
            "{'targets':[" + T + "," + T + "],'variants':[{}]}                        | targets[1].name        | used twice",
            "{'targets':[" + T + "],'variants':[{}],'linkMbps':0}                     | linkMbps               | above zero",
            "{'targets':[" + T + "],'variants':[{}],'duration':'soon'}                | duration               | must be a duration",
            "{'targets':[" + T + "],'variants':[{}],'search':{'p99Millis':0}}         | search.p99Millis       | above zero",
            "{'targets':[" + T + "],'variants':[{}],'search':{'p99Millis':5,'maxSteps':99}} | search.maxSteps  | from 1 to 30",
            "{'targets':[" + T + "],'variants':[{}],'search':3}                       | search                 | must be an object",
            "{'targets':'x','variants':[{}]}                                          | targets                | array of objects",
            "{'targets':[" + T + "],'variants':[{'rate':1e-300}]}                     | variants[0].rate       | at least 0.1",
            "{'targets':[" + T + "],'variants':[{}],'search':{'p99Millis':5,'startRate':1e-10}} | search.startRate | at least 0.1",
            "{'targets':[" + T + "],'variants':[{}],'search':{'p99Millis':5,'maxRate':1e9}} | search.maxRate   | max-rate",
            "{'targets':[" + T + "],'variants':[{}],'duration':'999999999h'}          | duration               | at most 292 years",
            "{'targets':[" + T + "],'variants':[{}],'warmup':'PT2562048H'}            | warmup                 | at most 292 years",
            "{'targets':[" + T + "],'variants':[{}],'timeout':'2h'}                   | timeout                | max-timeout",
            "{'targets':[" + T + "],'variants':[{}],'search':{'p99Millis':5},'timeout':'P106751D'} | timeout | max-timeout",
            "{'targets':[" + T + "],'variants':[{}],'extra':true}                     | extra                  | unknown field",
    })
    void everyBadFieldIsNamed(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/experiments").then()
                .statusCode(400).contentType("application/json").body("code", equalTo(400))
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void allBadFieldsAtOnce() {
        authed().body("{\"targets\":[{\"name\":\"a\",\"url\":\"ftp://x/\",\"cores\":0}],\"variants\":[{\"number\":0,\"rate\":-1}],\"duration\":\"0s\"}")
                .post("/experiments").then().statusCode(400)
                .body("violations.field", hasItems("targets[0].url", "targets[0].metrics", "targets[0].cores",
                        "variants[0].number", "variants[0].rate", "duration"));
    }

    @Test
    void aTargetOutsideTheAllowlistIs403() {
        authed().body(("{'targets':[{'name':'far','url':'http://192.0.2.1/test/testApi','metrics':'http://127.0.0.1:9/q/metrics',"
                        + "'cores':1}],'variants':[{}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(403).body("address", equalTo("192.0.2.1"));
        authed().body(("{'targets':[{'name':'far','url':'http://127.0.0.1:9/','metrics':'http://192.0.2.1/q/metrics',"
                        + "'cores':1}],'variants':[{}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(403).body("msg", containsString("192.0.2.1"));
    }

    @Test
    void withoutTokenIs401AndUnknownIs404() {
        given().contentType("application/json").body("{}").post("/experiments").then().statusCode(401);
        given().delete("/experiments/20250101-000000-000-000").then().statusCode(401);
        given().get("/experiments/20250101-000000-000-000").then().statusCode(404).body("code", equalTo(404));
    }

    @Test
    void aShortExperimentRunsItsCellsAsRunsAndJudgesEach() throws Exception {
        String base = target.base();
        String spec = "{\"name\":\"loopback\",\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\","
                + "\"metrics\":\"" + base + "/q/metrics\",\"cores\":1}],"
                + "\"variants\":[{\"number\":10,\"connections\":4,\"threads\":1},{\"number\":100,\"connections\":20,\"threads\":1,\"rate\":100}],"
                + "\"duration\":\"1500ms\",\"warmup\":\"300ms\",\"timeout\":\"10s\",\"linkMbps\":10000}";
        // Warm the target by count, not by time: its first answers come from cold code (over 1.8 s at load 23).
        for (int i = 0; i < 200; i++) {
            given().contentType("application/json").body("{\"number\":" + (i % 2 == 0 ? 10 : 100) + "}")
                    .post(base + "/test/testApi").then().statusCode(200);
        }
        String id = authed().body(spec).post("/experiments").then().statusCode(202)
                .header("Location", containsString("/experiments/")).body("state", equalTo("running"))
                .extract().path("id");
        authed().body(spec).post("/experiments").then().statusCode(409).body("activeRun", equalTo(id));
        JsonPath x = await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(2, x.getList("cells").size());
        for (int i = 0; i < 2; i++) {
            String runId = x.getString("cells[" + i + "].runId");
            given().get("/runs/" + runId).then().statusCode(200).body("state", equalTo("completed"));
            // Counted, not timed: a cell either measured requests or its verdict says it measured none and is
            // not to be trusted (at load 23 a cold target answered nothing within a 1.5 s closed-model cell).
            if (x.getDouble("cells[" + i + "].requestsPerSecond") == 0) {
                assertEquals(Boolean.FALSE, x.get("cells[" + i + "].verdict.trustworthy"), x.prettify());
                assertEquals(Verdict.NOTHING_MEASURED, x.getString("cells[" + i + "].verdict.reason"), x.prettify());
            }
            assertEquals(0, x.getLong("cells[" + i + "].errors"), x.prettify());
            assertNotNull(x.get("cells[" + i + "].verdict.evidence.targetCpu"), "the target's CPU was read: " + x.prettify());
            assertNotNull(x.get("cells[" + i + "].verdict.evidence.loadgenCpu"));
            assertNotNull(x.get("cells[" + i + "].verdict.evidence.linkUtilisation"));
        }
        // By intended send time: 150 requests due in the measured 1.5 s, all sent, so exactly the rate asked.
        // 100/s on 20 connections with a 10 s timeout holds at load 23, where 200/s on 2 connections with 2 s
        // did not (p50 940 ms; on a busier run every request timed out and the cell answered nothing).
        assertEquals(100.0, x.getDouble("cells[1].achievedRate"), 1e-9, x.prettify());
        assertEquals("n=100 c=20 r=100", x.getString("cells[1].variant"));
        assertEquals(2, x.getList("scaling").size());
        given().accept("text/csv").get("/experiments/" + id).then().statusCode(200).contentType(startsWith("text/csv"))
                .body(startsWith("target,cores,variant,requests_per_second")).body(containsString("local,1,n=10 c=4,"));
        given().accept("text/plain").get("/experiments/" + id).then().statusCode(200)
                .body(containsString("verdict")).body(containsString("local")).body(containsString("Why:"));
        given().get("/experiments").then().statusCode(200).body("items.id", hasItem(id));
        authed().delete("/experiments/" + id).then().statusCode(409);
    }

    /**
     * Rates so low that any machine sustains them and an SLO no healthy loopback answer misses, so the search
     * doubles to maxRate; and each point's ok is exactly the rule's verdict on its own figures. At load 23 a
     * search from 100 to 400/s with a 500 ms p99 SLO found 150/s (p99 574 ms at 200/s): what a search finds
     * depends on the machine, what it does with each probe does not.
     */
    @Test
    void aRateSearchProbesOpenRunsAndReportsTheSustainableRateWithItsCurve() throws Exception {
        String base = target.base();
        String spec = "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":8,\"threads\":1}],"
                + "\"duration\":\"1s\",\"warmup\":\"0s\",\"timeout\":\"10s\",\"linkMbps\":10000,"
                + "\"search\":{\"p99Millis\":5000,\"maxErrorRate\":0,\"startRate\":5,\"maxRate\":20,\"maxSteps\":3}}";
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        List<Float> rates = x.getList("searches[0].curve.rate", Float.class);
        assertEquals(List.of(5f, 10f, 20f), rates, "doubling from startRate to maxRate: " + x.prettify());
        for (int i = 0; i < rates.size(); i++) {
            String point = "searches[0].curve[" + i + "].";
            String runId = x.getString(point + "runId");
            given().get("/runs/" + runId).then().statusCode(200)
                    .body("state", equalTo("completed")).body("spec.rate", equalTo(rates.get(i)));
            double p99 = x.getDouble(point + "p99Millis");
            assertTrue(p99 > 0);
            assertEquals(rates.get(i), x.getDouble(point + "achievedRate"), 1e-9,
                    "every request due in the measured second is sent: " + x.prettify());
            assertEquals(0.0, x.getDouble(point + "errorRate"));
            // the SLO rule, applied by the test to the point's own figures (schedule lag 0.1 of the rate)
            boolean meets = p99 <= 5000 && x.getDouble(point + "achievedRate") >= rates.get(i) * 0.9;
            assertEquals(meets, x.getBoolean(point + "ok"), point + " judged against its own figures");
            assertTrue(meets, "p99 " + p99 + " ms at " + rates.get(i) + "/s on 8 connections: " + x.prettify());
        }
        assertEquals(20.0, x.getDouble("searches[0].sustainableRate"), 1e-9, x.prettify());
    }

    @Test
    void cancellingStopsTheCurrentCellAndStartsNoOther() throws Exception {
        String base = target.base();
        String spec = "{\"targets\":[{\"name\":\"local\",\"url\":\"" + base + "/test/testApi\",\"metrics\":\"" + base
                + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":2,\"threads\":1,\"rate\":100},"
                + "{\"number\":3,\"connections\":2,\"threads\":1,\"rate\":100}],\"duration\":\"20s\",\"warmup\":\"0s\",\"linkMbps\":1000}";
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        TimeUnit.MILLISECONDS.sleep(1500);
        JsonPath x = authed().delete("/experiments/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("cancelled", x.getString("state"));
        assertEquals(1, x.getList("cells").size(), "the cell under way is kept with its partial figures");
        assertEquals("cancelled", x.getString("cells[0].runState"));
        assertEquals(0, runs.activeIds().size());
    }

    static JsonPath await(String id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            JsonPath x = given().get("/experiments/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(x.getString("state"))) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("experiment " + id + " did not finish within 60 s");
    }
}
