package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.distributed.AgentCallException;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.AgentInfo;
import io.loadlab.loadgen.distributed.AgentRunRequest;
import io.loadlab.loadgen.distributed.AgentRunStarted;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent's side of a distributed run, called by the controller's own {@link AgentClient} against this service and
 * the real target: a part starts at an instant on the agent's clock, its intervals add up to what the target
 * counted, every call needs the token, the agent's allowlist holds, and a silent controller's part stops by itself.
 */
@SystemTest
@QuarkusTest
class AgentApiTest {

    @RegisterExtension
    static final RealTarget target = new RealTarget();

    @TestHTTPResource("/")
    URL base;
    @Inject
    ObjectMapper json;
    @Inject
    Runs registry;

    private final SystemNanoClock clock = new SystemNanoClock();
    private HttpClient http;
    private AgentClient client;
    private AgentEndpoint agent;

    @BeforeEach
    void connect() throws Exception {
        http = HttpClient.newHttpClient();
        client = new AgentClient(http, json, clock, "test-token", Duration.ofSeconds(5));
        agent = new AgentEndpoint(base.toURI());
    }

    @AfterEach
    void cancelLeftovers() {
        registry.activeIds().forEach(id -> registry.cancel(id));
    }

    private ObjectNode spec(String target, String duration) throws Exception {
        return (ObjectNode) json.readTree("{\"kind\":\"http\",\"target\":\"" + target + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"connections\":2,\"threads\":1,\"duration\":\"" + duration + "\",\"warmup\":\"500ms\",\"rate\":0}");
    }

    @Test
    void aPartStartsOnTheAgentsClockAndItsIntervalsAddUpToTheTargetsCount() throws Exception {
        AgentInfo info = client.info(agent);
        assertTrue(info.ready(), "an idle agent is ready: " + info.reason());
        assertNotNull(info.version());
        ClockOffset offset = client.clockOffset(agent, 5);
        long before = target.process().served(200);
        long startAt = offset.toAgent(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300));
        AgentRunStarted part = client.start(agent, new AgentRunRequest("c-1",
                spec(target.testApi().toString(), "2s"), startAt, 3_000));

        List<IntervalSample> got = new ArrayList<>();
        IntervalBatch batch = null;
        for (int i = 0; i < 300; i++) { // the controller's loop: ask from the next index, about every 100 ms
            batch = client.intervals(agent, part.id(), got.isEmpty() ? 0 : got.get(got.size() - 1).index() + 1);
            got.addAll(batch.intervals());
            if (batch.complete()) {
                break;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertNotNull(batch);
        assertTrue(batch.complete(), "the part ended within 30 s; state " + batch.state());
        assertEquals("completed", batch.state(), "failure: " + batch.failure());
        assertNotNull(batch.startLatenessNanos(), "the agent says how late it started");
        assertTrue(batch.startLatenessNanos() >= 0, "never before the instant: " + batch.startLatenessNanos());
        long measured = got.stream().mapToLong(s -> s.measured().count(Counter.COMPLETED)).sum();
        long warmup = got.stream().mapToLong(s -> s.warmup().count(Counter.COMPLETED)).sum();
        assertTrue(measured > 0, "a closed part sends");
        long served = 0;
        for (int i = 0; i < 50 && served != measured + warmup; i++) { // the server counts just after it answers
            TimeUnit.MILLISECONDS.sleep(50);
            served = target.process().served(200) - before;
        }
        assertEquals(served, measured + warmup, "the intervals hold every request the target answered");
        String runId = registry.list().get(0).id(); // the newest run: the part
        assertEquals(measured, given().get("/runs/" + runId).then().extract().jsonPath().getLong("report.requests"),
                "the part is an ordinary run, and its intervals add up to its report");

        assertNull(batch.report(), "not asked for, no report: http's merge needs none");
        IntervalBatch withReport = client.intervals(agent, part.id(), got.get(got.size() - 1).index() + 1, true);
        assertTrue(withReport.complete());
        assertNotNull(withReport.report(), "asked for, the complete batch carries the part's own report");
        assertEquals(measured, json.valueToTree(withReport.report()).get("requests").asLong(), "the part's own report");
        given().header("Authorization", "Bearer test-token").get("/agent/runs/" + part.id() + "/intervals?report=yes")
                .then().statusCode(400).body("violations.field", hasItem("report"));
    }

    /** Between handover and the start instant the part holds the slot: a user's run cannot slip in and fail it. */
    @Test
    void aPartHoldsTheSlotFromHandoverUntilItEnds() throws Exception {
        for (int i = 0; i < 300 && !client.info(agent).ready(); i++) { // an earlier test's run is still stopping
            TimeUnit.MILLISECONDS.sleep(100);
        }
        long startAt = clock.nanoTime() + TimeUnit.SECONDS.toNanos(30); // this agent's own clock: the same process
        AgentRunStarted part = client.start(agent, new AgentRunRequest("c-slot", spec(target.testApi().toString(), "1s"),
                startAt, 5_000));
        String refusal = given().header("Authorization", "Bearer test-token").contentType("application/json")
                .body(spec(target.testApi().toString(), "1s").toString()).post("/runs").then().statusCode(409)
                .extract().asString();
        assertTrue(refusal.contains(part.id()), "the 409 names the part: " + refusal);
        AgentInfo busy = client.info(agent);
        assertTrue(!busy.ready() && busy.reason().contains(part.id()), "busy with the part: " + busy);
        client.cancel(agent, part.id());
        assertTrue(client.info(agent).ready(), "a part cancelled before its start gives the slot back");
    }

    @Test
    void everyAgentCallNeedsTheTokenReadsIncluded() {
        given().get("/agent/info").then().statusCode(401);
        given().get("/agent/clock").then().statusCode(401);
        AgentClient wrong = new AgentClient(http, json, clock, "wrong", Duration.ofSeconds(5));
        AgentCallException e = assertThrows(AgentCallException.class, () -> wrong.info(agent));
        assertTrue(e.getMessage().contains("401"), e.getMessage());
    }

    @Test
    void theAgentAppliesItsOwnAllowlistAndFieldChecks() throws Exception {
        long startAt = clock.nanoTime();
        AgentCallException refused = assertThrows(AgentCallException.class, () -> client.start(agent,
                new AgentRunRequest("c-2", spec("http://10.1.2.3:8080/", "2s"), startAt, 3_000)));
        assertTrue(refused.getMessage().contains("403"), refused.getMessage());
        given().header("Authorization", "Bearer test-token").contentType("application/json")
                .body("{\"controllerRunId\":\"c\",\"spec\":{},\"startAtNanos\":1,\"leaseMillis\":5}")
                .post("/agent/runs").then().statusCode(400)
                .body("violations.field", hasItem("leaseMillis"));
        assertTrue(registry.activeIds().isEmpty(), "nothing was started");
    }

    @Test
    void aPartWhoseControllerFellSilentStopsByItself() throws Exception {
        java.util.Set<String> earlier = new java.util.HashSet<>();
        registry.list().forEach(r -> earlier.add(r.id())); // records of earlier test runs are restored from disk
        AgentRunStarted part = client.start(agent, new AgentRunRequest("c-3",
                spec(target.testApi().toString(), "30s"), clock.nanoTime(), 1_000));
        boolean stopped = false;
        for (int i = 0; i < 200 && !stopped; i++) { // no call to the agent meanwhile: a dead controller
            TimeUnit.MILLISECONDS.sleep(50);
            stopped = registry.list().stream().anyMatch(r -> !earlier.contains(r.id()) && r.state().finished());
        }
        assertTrue(stopped, "the 30 s part stopped within 10 s of its controller's silence");
        IntervalBatch batch = client.intervals(agent, part.id(), 0);
        assertTrue(batch.failure() != null && batch.failure().contains("c-3"), "the failure names the controller's run: " + batch.failure());
        assertTrue(batch.complete(), "its last interval is in");
    }

    @Test
    void aBusyAgentSaysSoAndRefusesAPartBeforeAnythingStarts() throws Exception {
        String id = RunsApiTest.authed().body("{\"kind\":\"http\",\"target\":\"" + target.testApi()
                        + "\",\"connections\":1,\"threads\":1,\"duration\":\"20s\"}")
                .post("/runs").then().statusCode(202).extract().path("id");
        AgentInfo info = client.info(agent);
        assertTrue(!info.ready() && info.reason().contains(id), "not ready, naming the active run: " + info.reason());
        AgentCallException busy = assertThrows(AgentCallException.class, () -> client.start(agent,
                new AgentRunRequest("c-4", spec(target.testApi().toString(), "2s"), clock.nanoTime(), 3_000)));
        assertTrue(busy.getMessage().contains("409"), busy.getMessage());
        assertEquals(List.of(id), registry.activeIds(), "the agent's own run is the only one");
    }

    @Test
    void everyMeterCarriesTheAgentsName() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        long lines = metrics.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).count();
        long tagged = metrics.lines().filter(l -> l.contains("agent=\"test-agent\"")).count();
        assertTrue(lines > 0);
        assertEquals(lines, tagged, "one agent value per process, on every series");
    }
}
