package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.Verdict;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Experiments on any service (issue 23): a variant that carries its own request, a target without builtin metrics,
 * and what the cells say when a figure could not be measured. One real target service for the class, one
 * experiment of three 1.5 s cells.
 */
@SystemTest
@QuarkusTest
class ExperimentsForeignApiTest {

    static final String T = ExperimentsApiTest.T;
    static final String NGINX = "{'name':'n','url':'http://127.0.0.1:9/','cores':1,"
            + "'resources':{'source':'prometheus','url':'http://127.0.0.1:9','preset':'process','match':{'job':'n'}}}";

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','cores':1}],'variants':[{}]}  | targets[0].metrics | required for the builtin source",
            "{'targets':[" + T + "],'variants':[{'number':3,'path':'/x'}]}               | variants[0].number  | not both",
            "{'targets':[" + T + "],'variants':[{'number':0}]}                           | variants[0].number  | or give the variant a request",
            "{'targets':[" + T + "],'variants':[{'method':'GET'}]}                       | variants[0].method  | give a path, url or requests",
            "{'targets':[" + T + "],'variants':[{'path':'/a','url':'http://127.0.0.1:9/b'}]} | variants[0].path | not both",
            "{'targets':[" + T + "],'variants':[{'path':'/a','method':'FETCH'}]}         | variants[0].method  | must be one of",
            "{'targets':[" + T + "],'variants':[{'url':'ftp://127.0.0.1/x'}]}            | variants[0].url     | http://",
            "{'targets':[" + T + "],'variants':[{'path':'/a','headers':{'a b':'c'}}]}    | variants[0].headers | not a valid header name",
            "{'targets':[" + T + "],'variants':[{'path':'/a','headers':{'a':3}}]}        | variants[0].headers | must be a string",
            "{'targets':[" + T + "],'variants':[{},{}]}                                  | variants[1].name    | give each a name",
            "{'targets':[" + T + "],'variants':[{'name':'a','path':'/a'},{'name':'a','path':'/b'}]} | variants[1].name | give each a name",
            "{'targets':[" + T + "],'variants':[{'name':'a\\u0000b','path':'/a'}]}       | variants[0].name    | 1 to 40",
            "{'targets':[" + T + "],'variants':[{'path':'/a','bogus':1}]}                | variants[0].bogus   | unknown field",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','cores':1,'resources':{'source':'x'}}],'variants':[{}]} | targets[0].resources.source | builtin",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','metrics':'http://127.0.0.1:9/m','cores':1,'resources':{'url':'http://127.0.0.1:9'}}],'variants':[{}]} | targets[0].resources.source | belong to",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','cores':1,'resources':{'bogus':1}}],'variants':[{}]} | targets[0].resources.bogus | unknown field",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','cores':1,'resources':{'match':[1]}}],'variants':[{}]} | targets[0].resources.match | object of string values",
            "{'targets':[" + NGINX + "],'variants':[{'path':'/'}],'linkMbps':1,'x':1}    | x                   | unknown field",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','metrics':'http://127.0.0.1:9/m','cores':1,'linkMbps':0}],'variants':[{}]} | targets[0].linkMbps | above zero",
            "{'targets':[{'name':'a','url':'http://127.0.0.1:9/','metrics':'http://127.0.0.1:9/m','cores':1,'download':'ftp://x/'}],'variants':[{}]} | targets[0].download | http://",
    })
    void everyBadFieldIsNamed(String body, String field, String message) {
        authed().body(body.replace('\'', '"')).post("/experiments").then()
                .statusCode(400).contentType("application/json").body("code", equalTo(400))
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void aBodyOrHeadersPastTheRunsLimitsAreNamed() {
        String big = "x".repeat(1_048_577);
        authed().body(("{'targets':[" + T + "],'variants':[{'path':'/','method':'POST','body':'" + big + "'}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(400).body("violations.field", hasItem("variants[0].body"))
                .body("violations.find { it.field == 'variants[0].body' }.message", containsString("max-body-bytes"));
        StringBuilder headers = new StringBuilder();
        for (int i = 0; i < 65; i++) {
            headers.append(i == 0 ? "" : ",").append("'h").append(i).append("':'v'");
        }
        authed().body(("{'targets':[" + T + "],'variants':[{'path':'/','headers':{" + headers + "}}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(400).body("violations.field", hasItem("variants[0].headers"));
    }

    @Test
    void everyAddressAVariantOrASourceNamesIsGuarded() {
        authed().body(("{'targets':[" + T + "],'variants':[{'url':'http://192.0.2.1/x'}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(403).body("address", equalTo("192.0.2.1"));
        authed().body(("{'targets':[{'name':'a','url':'http://127.0.0.1:9/','cores':1,'resources':{'source':'prometheus',"
                        + "'url':'http://192.0.2.1:9090','preset':'process','match':{'job':'a'}}}],'variants':[{'path':'/'}],"
                        + "'linkMbps':1}").replace('\'', '"'))
                .post("/experiments").then().statusCode(403).body("address", equalTo("192.0.2.1"));
        authed().body(("{'targets':[{'name':'a','url':'http://127.0.0.1:9/','metrics':'http://127.0.0.1:9/m','cores':1,"
                        + "'download':'http://192.0.2.1/big'}],'variants':[{}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(403).body("address", equalTo("192.0.2.1"));
    }

    /**
     * One experiment, three targets (all the real target service), one variant with its own request:
     * {@code ok} has its metrics and a given link; {@code blind}'s metrics are a closed port, so its CPU is
     * unmeasured and its verdict unknown (before sources, a null read as 0 made it concurrency-bound); {@code nolink}
     * has no iperf3 server, no download and no linkMbps, so its link is {@code none}, its utilisation unmeasured.
     */
    @Test
    void aVariantWithItsOwnRequestAndWhatCellsSayOfFiguresTheyCouldNotMeasure() throws Exception {
        String base = target.base();
        for (int i = 0; i < 200; i++) { // warm by count: a cold target's first answers are slow (over 1.8 s at load 23)
            given().contentType("application/json").body("{\"number\":3}").post(base + "/test/testApi").then().statusCode(200);
        }
        String closed = "http://127.0.0.1:" + FreePorts.tcp();
        String spec = ("{'targets':["
                + "{'name':'ok','url':'" + base + "/','metrics':'" + base + "/q/metrics','cores':1,'linkMbps':10000},"
                + "{'name':'blind','url':'" + base + "/','metrics':'" + closed + "/q/metrics','cores':1,'linkMbps':10000},"
                + "{'name':'nolink','url':'" + base + "/','metrics':'" + base + "/q/metrics','cores':1,'iperf':'tcp://127.0.0.1:"
                + FreePorts.tcp() + "'}],"
                + "'variants':[{'method':'POST','path':'/test/testApi','headers':{'Content-Type':'application/json'},"
                + "'body':'{\\\\'number\\\\':3}','connections':4,'threads':1,'rate':50}],"
                + "'duration':'1500ms','warmup':'300ms','timeout':'10s'}").replace('\'', '"').replace("\\\\\"", "\\\"");
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = ExperimentsApiTest.await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(3, x.getList("cells").size(), x.prettify());
        for (int i = 0; i < 3; i++) {
            assertEquals("POST /test/testApi c=4 r=50", x.getString("cells[" + i + "].variant"), x.prettify());
            assertEquals("completed", x.getString("cells[" + i + "].runState"), x.prettify());
            assertEquals(0, x.getLong("cells[" + i + "].errors"), x.prettify());
            assertEquals("builtin", x.getString("cells[" + i + "].verdict.evidence.resources"));
        }
        Map<String, Object> ok = cell(x, "ok");
        String runId = (String) ok.get("runId");
        long requests = given().get("/runs/" + runId).then().statusCode(200).extract().jsonPath().getLong("report.requests");
        assertTrue(requests > 0, "the cell's own request was sent and answered: " + x.prettify());
        assertNotNull(path(ok, "verdict.evidence.targetCpu"), x.prettify());
        assertNotEquals(Verdict.UNKNOWN, path(ok, "verdict.verdict"), x.prettify());

        // The loadgen's own rules come first (its figures are always measured): on a machine this busy (4 builds on
        // 2 cores: the loadgen's loops busy or waiting 1.00, its threads' wait 1.47 of its cores) a cell is
        // loadgen-bound before the target's figures are read. Whichever rule decides, the missing CPU is named and
        // never judged from; the open model at 50/s leaves the generator idle enough to reach the unknown on most runs.
        Map<String, Object> blind = cell(x, "blind");
        assertNull(path(blind, "verdict.evidence.targetCpu"));
        String why = (String) path(blind, "verdict.evidence.unmeasured.targetCpu");
        assertTrue(why.startsWith("the target's metrics at " + closed + "/q/metrics did not answer: ConnectException"), why);
        assertFalse(((List<?>) path(blind, "verdict.judgedFrom")).contains("targetCpu"), x.prettify());
        if (!Verdict.LOADGEN.equals(path(blind, "verdict.verdict"))) {
            assertEquals(Verdict.UNKNOWN, path(blind, "verdict.verdict"), "never a verdict from a missing CPU: " + x.prettify());
            assertTrue(((String) path(blind, "verdict.reason")).startsWith("targetCpu unmeasured: " + why), x.prettify());
            assertTrue(((List<?>) path(blind, "verdict.judgedFrom")).contains("linkUtilisation"), x.prettify());
        }

        Map<String, Object> nolink = cell(x, "nolink");
        assertEquals("none", x.getString("links.find { it.target == 'nolink' }.method"), x.prettify());
        assertNull(x.get("links.find { it.target == 'nolink' }.mbps"));
        assertNull(path(nolink, "verdict.evidence.linkUtilisation"));
        assertTrue(((String) path(nolink, "verdict.evidence.unmeasured.linkUtilisation")).startsWith("no link capacity: "),
                x.prettify());
        given().accept("text/plain").get("/experiments/" + id).then().statusCode(200)
                .body(containsString("link to nolink: unknown"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cell(JsonPath x, String target) {
        return x.getMap("cells.find { it.target == '" + target + "' }");
    }

    @SuppressWarnings("unchecked")
    private static Object path(Map<String, Object> m, String dotted) {
        Object o = m;
        for (String k : dotted.split("\\.")) {
            o = o == null ? null : ((Map<String, Object>) o).get(k);
        }
        return o;
    }
}
