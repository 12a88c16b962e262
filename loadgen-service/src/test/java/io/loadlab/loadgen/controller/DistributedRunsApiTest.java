package io.loadlab.loadgen.controller;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code "agents"} on a controller with two configured agents that are not there (the discard port, 9, refuses on
 * loopback): every bad value is a 400 naming the field, and a run whose agents cannot be reached fails before any
 * part is given out, naming the agent. The runs with real agents are in {@code DistributedRunsIT}.
 */
@QuarkusTest
@TestProfile(DistributedRunsApiTest.TwoAbsentAgents.class)
class DistributedRunsApiTest {

    static final String HTTP = "'kind':'http','target':'http://127.0.0.1:9/'";

    public static class TwoAbsentAgents implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("loadgen.agents", "http://127.0.0.1:9,http://127.0.0.2:9",
                    "loadgen.data-dir", "target/loadgen-data-controller-test");
        }
    }

    private static RequestSpecification authed() {
        return given().header("Authorization", "Bearer test-token").contentType("application/json");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "'agents':0                                | agents      | count from 1 to 64",
            "'agents':65                               | agents      | count from 1 to 64",
            "'agents':'some'                           | agents      | count from 1 to 64",
            "'agents':1.5                              | agents      | count from 1 to 64",
            "'agents':3                                | agents      | 3 asked for, loadgen.agents names 2",
            "'agents':2,'connections':1,'threads':1    | connections | cannot be split",
            "'agents':'all','connections':1,'threads':1 | connections | cannot be split",
            "'agents':2,'connections':4,'rate':0.15    | rate        | below the minimum",
            "'agents':2,'duration':'2h'                | duration    | max-duration",
    })
    void everyBadValueIsNamed(String extra, String field, String message) {
        String body = ("{" + HTTP + "," + extra + "}").replace('\'', '"');
        authed().body(body).post("/runs").then().statusCode(400)
                .body("violations.field", hasItem(field))
                .body("violations.find { it.field == '" + field + "' }.message", containsString(message));
    }

    @ParameterizedTest(name = "experiment agents {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "0           | count from 1 to 64",
            "'sometimes' | count from 1 to 64",
            "3          | 3 asked for, loadgen.agents names 2",
    })
    void anExperimentsAgentsAreNamedToo(String agents, String message) {
        String body = ("{'targets':[{'name':'t','url':'http://127.0.0.1:9/test/testApi','metrics':'http://127.0.0.1:9/q/metrics',"
                + "'cores':1}],'variants':[{'number':1}],'duration':'1s','linkMbps':100,'agents':" + agents + "}")
                .replace('\'', '"');
        authed().body(body).post("/experiments").then().statusCode(400)
                .body("violations.find { it.field == 'agents' }.message", containsString(message));
    }

    @Test
    void anExperimentsVariantTooSmallForItsAgentsIsNamed() {
        String body = ("{'targets':[{'name':'t','url':'http://127.0.0.1:9/test/testApi','metrics':'http://127.0.0.1:9/q/metrics',"
                + "'cores':1}],'variants':[{'number':1,'connections':4,'threads':1},{'number':1,'connections':4,'threads':2,"
                + "'rate':0.15}],'duration':'1s','linkMbps':100,'agents':'all'}").replace('\'', '"');
        authed().body(body).post("/experiments").then().statusCode(400)
                .body("violations.find { it.field == 'variants[0].threads' }.message", containsString("cannot be split over 2"))
                .body("violations.find { it.field == 'variants[1].rate' }.message", containsString("below the minimum"));
    }

    @Test
    void onlyKindsThatMergeExactlyAreSpread() {
        // every production kind spreads now; the test source set's fixed kind does not (it says no splits)
        authed().body("{\"kind\":\"fixed\",\"target\":\"http://127.0.0.1:9/\",\"duration\":\"1s\",\"agents\":2}")
                .post("/runs").then().statusCode(400)
                .body("violations.find { it.field == 'agents' }.message",
                        allOf(containsString("http"), containsString("udp-throughput"), containsString("udp-pingpong"),
                                containsString("udp-underload"), containsString("iperf"), containsString("test-datagrams"),
                                not(containsString("fixed"))));
    }

    /**
     * The test source set's {@code test-datagrams} kind, which names itself nowhere outside its package, goes through
     * the controller's split by its own typed {@code split}: too few datagrams for the agents is its 400 naming
     * {@code datagrams}, and a spec it can split is accepted and given out (to agents that are not there). Its run on
     * two real agents is out of reach: the kind lives in test classes, which no packaged agent holds, and one loadgen
     * is one agent (a controller run keeps it busy).
     */
    @Test
    void aKindFromItsOwnPackageIsSplitByTheController() throws InterruptedException {
        String kind = "\"kind\":\"test-datagrams\",\"target\":\"udp://127.0.0.1:9\",\"duration\":\"1s\",\"agents\":2";
        authed().body("{" + kind + ",\"datagrams\":1}").post("/runs").then().statusCode(400)
                .body("violations.find { it.field == 'datagrams' }.message", containsString("cannot go to 2 agents"));
        String id = authed().body("{" + kind + ",\"datagrams\":5}").post("/runs").then().statusCode(202)
                .extract().path("id");
        JsonPath run = awaitEnd(id);
        assertEquals("test-datagrams", run.getString("spec.run.kind"), run.prettify());
        assertEquals(5, run.getInt("spec.run.datagrams"));
        assertTrue(run.getString("failure").contains("no agent was started"), run.prettify());
    }

    @Test
    void aUdpRateTooSmallForItsAgentsIsNamed() {
        authed().body("{\"kind\":\"udp-throughput\",\"target\":\"udp://127.0.0.1:9\",\"duration\":\"1s\","
                + "\"rate\":0.15,\"agents\":2}")
                .post("/runs").then().statusCode(400)
                .body("violations.find { it.field == 'rate' }.message", containsString("below the minimum"));
    }

    @Test
    void theDistributedKindIsNotPostedDirectly() {
        authed().body("{\"kind\":\"distributed\",\"agents\":\"2\",\"run\":{}}").post("/runs").then().statusCode(400)
                .body("violations.field", hasItem("kind"));
    }

    @Test
    void aTargetOffTheAllowlistIsRefusedByTheControllerToo() {
        authed().body("{\"kind\":\"http\",\"target\":\"http://192.0.2.1/\",\"connections\":2,\"agents\":2}")
                .post("/runs").then().statusCode(403);
    }

    @Test
    void unreachableAgentsFailTheRunBeforeAnyPartNamingTheAgent() throws InterruptedException {
        String id = authed().body(("{" + HTTP + ",'duration':'1s','connections':2,'agents':'all'}").replace('\'', '"')).post("/runs").then()
                .statusCode(202).extract().path("id");
        JsonPath run = awaitEnd(id);
        assertEquals("failed", run.getString("state"), run.prettify());
        assertTrue(run.getString("failure").contains("agent 127.0.0.1:9"), run.getString("failure"));
        assertTrue(run.getString("failure").contains("no agent was started"), run.getString("failure"));
        assertEquals("distributed", run.getString("spec.kind"));
        assertEquals("all", run.getString("spec.agents"));
        assertEquals("http", run.getString("spec.run.kind"));
        assertNull(run.get("report"));
    }

    private static JsonPath awaitEnd(String id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            JsonPath run = given().get("/runs/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(run.getString("state")) && !"queued".equals(run.getString("state"))) {
                return run;
            }
            assertTrue(System.nanoTime() < deadline, "run " + id + " still " + run.getString("state"));
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }
}
