package io.loadlab.loadgen.api;

import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.loadlab.loadgen.api.RunsApiTest.authed;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A variant carrying a request mix (issue 32) through the API: its faults named under the variant (what the http
 * reader refuses in a run's mix is tested there, {@code MixSpecApiTest}; here what the variant adds), and one
 * experiment of one 2 s cell on the real target service whose run sends the mix, whose row is that run's totals with each name's share, and
 * whose spec a reader without the token sees redacted.
 */
@SystemTest
@QuarkusTest
class ExperimentsMixApiTest {

    static final String T = ExperimentsApiTest.T;
    static final String GET = "{'name':'a','path':'/a'}";

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "{'requests':[{'name':'a','weight':0,'path':'/a'}]}                          | variants[0].requests[0].weight | must be from 1 to",
            "{'requests':[{'name':'a','path':'/a','bogus':1}]}                           | variants[0].requests[0].bogus  | unknown field",
            "{'requests':[" + GET + "],'values':{'id':{'file':'nope.csv'}}}              | variants[0].values.id.file     | nope.csv",
            "{'requests':[" + GET + "],'method':'POST'}                                  | variants[0].method             | per request in a mix",
            "{'requests':[" + GET + "],'number':3}                                       | variants[0].number             | not both",
            "{'values':{'id':{'range':[1,2]}}}                                           | variants[0].values             | belong to a request mix",
            "{'requests':[" + GET + "],'headers':{'X-Id':'${id}'},'values':{'id':['a\\r\\nb']}} | variants[0].values.id | CR",
    })
    void aBadMixIsNamedUnderItsVariant(String variant, String field, String message) {
        String body = ("{'targets':[" + T + "],'variants':[" + variant + "]}").replace('\'', '"');
        authed().body(body).post("/experiments").then()
                .statusCode(400).contentType("application/json").body("code", equalTo(400))
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @Test
    void valuesFromADataFileOnAgentsAreNamedBeforeAnyCell() {
        authed().contentType("text/csv").body("id\n1\n".getBytes(StandardCharsets.UTF_8)).post("/data/exp-ids.csv")
                .then().statusCode(201);
        authed().body(("{'targets':[" + T + "],'agents':2,'variants':[{'requests':[" + GET + "],"
                        + "'values':{'id':{'file':'exp-ids.csv'}}}]}").replace('\'', '"'))
                .post("/experiments").then().statusCode(400)
                .body("violations.find { it.field == 'variants[0].values.id.file' && it.message.startsWith('agents have no data files') }",
                        notNullValue());
    }

    /**
     * One cell, open model at 100/s over 2 connections, a 3:1 mix of two bodies to the target's API: the run behind
     * the row sends both names, 3:1 within one request per connection, its names add up to its totals, and the row's
     * figures are the run's totals, judged as any cell.
     */
    @Test
    void aCellSendsItsVariantsMixAndIsJudgedOnTheRunsTotals() throws Exception {
        String base = target.base(); // cold: its first answers may be slow, the timeout (10 s) allows for them
        String spec = ("{'targets':[{'name':'t','url':'" + base + "/test/testApi','metrics':'" + base + "/q/metrics',"
                + "'cores':1,'linkMbps':10000}],"
                + "'variants':[{'connections':2,'threads':1,'rate':100,'seed':11,"
                + "'headers':{'Content-Type':'application/json'},"
                + "'requests':[{'name':'small','weight':3,'method':'POST','body':'{QnumberQ: ${n}}'},"
                + "{'name':'big','weight':1,'method':'POST','body':'{QnumberQ: 20}'}],"
                + "'values':{'n':['1','2']}}],"
                + "'duration':'2s','warmup':'500ms','timeout':'10s'}").replace('\'', '"').replace("Q", "\\\"");
        String id = authed().body(spec).post("/experiments").then().statusCode(202).extract().path("id");
        JsonPath x = ExperimentsApiTest.await(id);
        assertEquals("completed", x.getString("state"), x.prettify());
        assertEquals(1, x.getList("cells").size(), x.prettify());
        assertEquals("mix small+big c=2 r=100", x.getString("cells[0].variant"));
        assertEquals("completed", x.getString("cells[0].runState"), x.prettify());
        assertEquals(0, x.getLong("cells[0].errors"), x.prettify());
        assertNotNull(x.get("cells[0].verdict.verdict"), x.prettify());

        JsonPath run = given().get("/runs/" + x.getString("cells[0].runId")).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("small", "big"), run.getList("report.mix.name"), run.prettify());
        long total = run.getLong("report.requests");
        long small = run.getLong("report.mix[0].requests");
        long big = run.getLong("report.mix[1].requests");
        assertEquals(total, small + big, "the names add up to the run's total: " + run.prettify());
        assertEquals(run.getLong("report.warmupRequests"),
                run.getLong("report.mix[0].warmupRequests") + run.getLong("report.mix[1].warmupRequests"));
        assertTrue(total >= 100, "2 s at 100/s: " + total);
        // each connection's requests are a stretch of the 3:1 cycle: within one of 3/4 each, so within 2 over both
        assertTrue(Math.abs(4 * small - 3 * total) <= 8, small + " small of " + total + ", not 3:1");
        assertEquals(run.getDouble("report.requestsPerSecond"), x.getDouble("cells[0].requestsPerSecond"), 1e-9,
                "the row is the run's totals");
        assertEquals((double) small / total, x.getDouble("cells[0].mix.small"), 1e-9, "the row's share of each name");
        assertEquals((double) big / total, x.getDouble("cells[0].mix.big"), 1e-9);
        assertEquals(0, run.getLong("report.mix[0].errors.status4xx") + run.getLong("report.mix[1].errors.status4xx"),
                "both bodies are ones the target answers: " + run.prettify());

        JsonPath open = given().get("/experiments/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("<redacted>", open.getString("spec.variants[0].requests[0].body"), open.prettify());
        assertEquals("<redacted>", open.getString("spec.variants[0].headers['Content-Type']"));
        assertEquals(List.of("<redacted>"), open.getList("spec.variants[0].values.n.list"));
        assertEquals(List.of("small", "big"), open.getList("spec.variants[0].requests.name"));
        JsonPath owner = authed().get("/experiments/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("{\"number\": ${n}}", owner.getString("spec.variants[0].requests[0].body"));
        assertEquals(List.of("1", "2"), owner.getList("spec.variants[0].values.n.list"));
    }
}
