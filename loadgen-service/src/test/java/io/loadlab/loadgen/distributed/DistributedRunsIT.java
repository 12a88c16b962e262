package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Distributed runs (issue 12) end to end, every part a real process from the packaged jar: a controller and three
 * agents against the real target service, whose own request count is the referee; here all on loopback,
 * {@link DistributedRunsNetnsIT} with each agent a separate host. The three agents and their controller serve the
 * whole class; the tests that kill a process or need an agent of another version get their own (started with the
 * rest, a few at a time: each start costs seconds of the machine's two cores). The shared controller is the one
 * {@link #aKilledControllersAgentsStopSendingWithin10Seconds} kills, so that test runs last.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributedRunsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The shared controller's loadgen-bound threshold: any agent doing any work is past it, so every cell on agents
     * is loadgen-bound and {@code agents: auto} must take every agent (1, 2, then 3). Runs are not judged.
     */
    private static final double ANY_SATURATION = 0.000001;

    @TempDir
    static Path dir;

    /** Every process started, so that {@link #stop()} closes them whatever failed. */
    private final List<LoadgenService> started = new CopyOnWriteArrayList<>();
    private AgentHosts hosts;
    private TargetService target;
    private List<LoadgenService> agents;
    private LoadgenService victim;
    private LoadgenService other;
    private LoadgenService controller;
    private LoadgenService victimsController;
    private LoadgenService othersController;

    /** Where the target and the agents run: loopback here. */
    AgentHosts hosts() throws Exception {
        return new LoopbackHosts();
    }

    /**
     * Whether this class runs {@link #anAgentOfAnotherVersionIsRefusedBeforeAnythingStarts}, which needs an agent of
     * another version and a controller of its own: two more processes to start.
     */
    boolean checksVersions() {
        return true;
    }

    @BeforeAll
    void start() throws Exception {
        hosts = hosts();
        target = hosts.target();
        List<List<String>> agentProperties = new ArrayList<>(List.of(
                List.of("-Dloadgen.agent.name=agent-1"),
                List.of("-Dloadgen.agent.name=agent-2"),
                List.of("-Dloadgen.agent.name=agent-3"),
                List.of("-Dloadgen.agent.name=agent-victim")));
        if (checksVersions()) {
            agentProperties.add(List.of("-Dloadgen.agent.name=agent-other", "-Dloadgen.agent.version=0.0-other"));
        }
        List<LoadgenService> a = startAll(agentProperties, true);
        agents = a.subList(0, 3);
        victim = a.get(3);
        List<String> everyCellLoadgenBound = new ArrayList<>(controllerOf(agents.get(0), agents.get(1), agents.get(2)));
        everyCellLoadgenBound.add("-Dloadgen.experiments.loadgen-saturation=" + ANY_SATURATION);
        List<List<String>> controllerProperties = new ArrayList<>(List.of(
                everyCellLoadgenBound,
                controllerOf(agents.get(0), agents.get(1), victim)));
        if (checksVersions()) {
            other = a.get(4);
            controllerProperties.add(controllerOf(agents.get(0), other));
        }
        List<LoadgenService> c = startAll(controllerProperties, false);
        controller = c.get(0);
        victimsController = c.get(1);
        othersController = checksVersions() ? c.get(2) : null;
    }

    @AfterAll
    void stop() {
        started.forEach(LoadgenService::close);
        if (target != null) {
            target.close();
        }
        if (hosts != null) {
            hosts.close();
        }
    }

    /** A test that killed a controller or an agent may leave the others' parts to end by themselves. */
    @BeforeEach
    void sharedAgentsIdle() throws Exception {
        for (LoadgenService agent : agents) {
            JsonNode info = null;
            for (int i = 0; i < 300; i++) {
                info = agent.json("/agent/info");
                if (info.get("ready").asBoolean()) {
                    break;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
            assertTrue(info.get("ready").asBoolean(), "agent not idle within 30 s: " + info);
        }
    }

    @Test
    void mergedRequestsPlusWarmUpEqualTheTargetsOwnCountExactly() throws Exception {
        long before = target.served(200);
        String id = controller.started("/runs", spec(closed("1s", "500ms"), "3"));
        JsonNode run = completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        assertEquals("distributed", report.get("kind").asText(), report.toString());
        assertEquals(0, errors(report), report.toString());
        long requests = report.get("requests").asLong();
        long warmup = report.get("warmupRequests").asLong();
        assertTrue(requests > 0 && warmup > 0, "a closed run sends in both phases: " + report);
        assertEquals(requests + warmup, servedSince(before, requests + warmup),
                "merged requests + warm-up vs the target's own count: " + report);

        JsonNode spec = run.get("spec");
        assertEquals("distributed", spec.get("kind").asText(), spec.toString());
        assertEquals("3", spec.get("agents").asText(), spec.toString());
        assertEquals("http", spec.get("run").get("kind").asText(), spec.toString());
        assertFalse(spec.get("run").has("agents"), "the part's spec is an ordinary local one: " + spec);

        Map<String, String> addresses = new HashMap<>();
        for (JsonNode agent : report.get("agents")) {
            addresses.put(agent.get("name").asText(), agent.get("address").asText());
            assertEquals(0, agent.get("errors").asLong(), agent.toString());
            assertTrue(agent.get("requests").asLong() > 0, "every agent sent: " + agent);
        }
        assertEquals(Map.of("agent-1", address(agents.get(0)), "agent-2", address(agents.get(1)),
                "agent-3", address(agents.get(2))), addresses, "one line per agent, named, at the address called");
    }

    /**
     * A mix over three agents: each name's figures merged exactly (the names add up to the merged totals, each name's
     * merged histogram holds its requests), and the target's own count equals them all, warm-up included.
     */
    @Test
    void aMixIsMergedNameByNameOverTheAgents() throws Exception {
        long before = target.served(200);
        String id = controller.started("/runs", "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"timeout\":\"10s\",\"seed\":7,\"requests\":["
                + "{\"name\":\"one\",\"weight\":3,\"method\":\"POST\",\"body\":\"{\\\"number\\\": 1}\"},"
                + "{\"name\":\"two\",\"weight\":1,\"method\":\"POST\",\"body\":\"{\\\"number\\\": 2}\"}],"
                + closed("1s", "300ms") + ",\"agents\":3}");
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        JsonNode mix = report.get("mix");
        assertEquals(2, mix.size(), report.toString());
        long requests = 0;
        long warmup = 0;
        for (JsonNode named : mix) {
            long n = named.get("requests").asLong();
            assertTrue(n > 0, "every name was sent: " + named);
            Histogram h = Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(named.get("latencyHistogram").asText())), 0);
            assertEquals(n, h.getTotalCount(), "a name's merged histogram holds its requests of every agent: " + named);
            requests += n;
            warmup += named.get("warmupRequests").asLong();
        }
        assertEquals(List.of("one", "two"), List.of(mix.get(0).get("name").asText(), mix.get(1).get("name").asText()));
        assertEquals(report.get("requests").asLong(), requests, "the names add up to the merged totals: " + report);
        assertEquals(report.get("warmupRequests").asLong(), warmup, report.toString());
        assertEquals(requests + warmup, servedSince(before, requests + warmup), "vs the target's own count: " + report);
    }

    /** A warm-up, so that a histogram holding warm-up latencies too would show in its count. */
    @Test
    void theMergedHistogramHoldsExactlyTheMeasuredRequestsOfEveryAgent() throws Exception {
        String id = controller.started("/runs", spec(closed("1s", "300ms"), "3"));
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        HttpResponse<String> base64 = controller.get("/runs/" + id + "/histogram?format=base64");
        assertEquals(200, base64.statusCode(), base64.body());
        Histogram merged = Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(base64.body().trim())), 0);
        long requests = report.get("requests").asLong();
        assertTrue(requests > 0, report.toString());
        assertEquals(requests, merged.getTotalCount(), "the downloaded histogram's count vs requests: " + report);
        assertEquals(requests, report.get("histogramCount").asLong(), report.toString());
        assertEquals(requests, sumOfAgents(report, "requests"), "merged requests vs the agents' own: " + report);
    }

    /**
     * 3,000/s split 1,000/s per agent, 2 s measured after 500 ms of warm-up: a request belongs to the phase of its
     * intended send time and the backlog is sent after the end, so the count is exact on any machine (within one
     * per agent, where a part's slots fall at its edges). 10 connections per agent and a 10 s timeout keep a starved
     * target from turning late answers into errors.
     */
    @Test
    void anOpenRunOverThreeAgentsMeasuresRateTimesDuration() throws Exception {
        long before = target.served(200);
        String id = controller.started("/runs", spec("\"connections\":30,\"threads\":3,\"duration\":\"2s\","
                + "\"warmup\":\"500ms\",\"rate\":3000", "3"));
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        assertEquals(0, errors(report), report.toString());
        long requests = report.get("requests").asLong();
        assertTrue(Math.abs(requests - 6_000) <= 3, "3,000/s × 2 s within 1 per agent: " + requests + " in " + report);
        for (JsonNode agent : report.get("agents")) {
            assertTrue(Math.abs(agent.get("requests").asLong() - 2_000) <= 1, "1,000/s × 2 s: " + agent);
        }
        long warmup = report.get("warmupRequests").asLong();
        assertTrue(Math.abs(warmup - 1_500) <= 3, "3,000/s × 500 ms within 1 per agent: " + warmup);
        assertEquals(requests + warmup, servedSince(before, requests + warmup), "vs the target's own count");
    }

    /**
     * Every agent reports how far from the agreed instant it started (its lateness plus the clock estimate's bound,
     * so never 0). Issue 12's figure, under 5,000 µs on loopback, is a wall-clock one: a quiet machine gave
     * 3,954-8,563 µs with cold JVMs and one agent 8,211 µs beside {@code stress-ng --cpu 2}, so it is printed by
     * {@code bench/distributed.sh}, not asserted here.
     */
    @Test
    void everyAgentReportsItsStartSkew() throws Exception {
        String id = controller.started("/runs", spec(closed("1s", "0s"), "3"));
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        assertEquals(3, report.get("agents").size(), report.toString());
        for (JsonNode agent : report.get("agents")) {
            JsonNode skew = agent.get("startSkewMicros");
            assertTrue(skew != null && skew.isNumber() && skew.asDouble() > 0 && Double.isFinite(skew.asDouble()),
                    "startSkewMicros reported: " + agent);
        }
        // the run page's agents table: one row per agent, in the report's order, with its own figures as the JSON's text
        String page = controller.html("/runs/" + id + "/report.html");
        int at = page.indexOf("<table id=\"table-agents\"");
        assertTrue(at >= 0, "the run page has the agents table: " + page);
        java.util.regex.Matcher rows = java.util.regex.Pattern.compile("<tr><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>"
                + "<td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td>")
                .matcher(page.substring(at, page.indexOf("</table>", at)));
        int n = 0;
        for (; rows.find(); n++) {
            JsonNode agent = report.get("agents").get(n);
            JsonNode lat = agent.get("latencyMicros");
            assertEquals(java.util.List.of(agent.get("name").asText(), agent.get("address").asText(), agent.get("requests").asText(),
                    agent.get("requestsPerSecond").asText(), agent.get("errors").asText(), lat.get("p50").asText(),
                    lat.get("p99").asText(), lat.get("max").asText(), agent.get("saturation").asText(),
                    agent.get("startSkewMicros").asText()), java.util.stream.IntStream.rangeClosed(1, 10)
                    .mapToObj(rows::group).toList(), "agent " + n + " on the page");
        }
        assertEquals(3, n, "one row per agent: " + page);
    }

    /**
     * Issue 25: a distributed run's latency reaches Prometheus once, from its agents: their
     * {@code loadgen_latency_seconds_count} rises by the merged histogram's count exactly (so {@code sum by (le)} over
     * pods is the merged histogram's buckets), the controller's by nothing. Before, the controller re-exported the
     * agents' merged last second as its own quantiles beside theirs. Polled: an agent's part ends a moment after the
     * controller has its last interval; no time is asserted.
     */
    @Test
    void theAgentsExportTheLatencyAndTheControllerAddsNone() throws Exception {
        long controllerBefore = latencyCount(controller);
        long agentsBefore = agentsLatencyCount();
        String id = controller.started("/runs", spec(closed("2s", "0s"), "3"));
        completed(controller, id);
        long merged = controller.json("/runs/" + id + "/report").path("histogramCount").asLong();
        assertTrue(merged > 0, "the run measured nothing");
        long agentsAdded = 0;
        for (int i = 0; i < 100 && agentsAdded != merged; i++) {
            agentsAdded = agentsLatencyCount() - agentsBefore;
            if (agentsAdded != merged) {
                Thread.sleep(100);
            }
        }
        assertEquals(merged, agentsAdded, "the agents' loadgen_latency_seconds_count rose by the merged histogram's count");
        assertEquals(controllerBefore, latencyCount(controller), "the controller exports no latency of its own");
    }

    private long agentsLatencyCount() throws Exception {
        long sum = 0;
        for (LoadgenService agent : agents) {
            sum += latencyCount(agent);
        }
        return sum;
    }

    /** Every {@code loadgen_latency_seconds_count} series of one process, added (0 before its first measured second). */
    private static long latencyCount(LoadgenService service) throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^loadgen_latency_seconds_count\\{[^}]*} (\\S+)$")
                .matcher(service.get("/q/metrics").body());
        long sum = 0;
        while (m.find()) {
            sum += Math.round(Double.parseDouble(m.group(1)));
        }
        return sum;
    }

    @Test
    void aKilledAgentFailsTheRunByNameAndTheOthersDataIsKept() throws Exception {
        long before = target.served(200);
        String id = victimsController.started("/runs", spec(closed("8s", "0s"), "3"));
        awaitSending(before);
        TimeUnit.MILLISECONDS.sleep(2_500); // two of the controller's one-second polls: every agent has delivered
        victim.kill9();
        JsonNode run = victimsController.awaitFinished("/runs/" + id);
        assertEquals("failed", run.get("state").asText(), run.toString());
        String named = "agent agent-victim (" + address(victim) + ")";
        assertTrue(run.path("failure").asText().contains(named), "failure names " + named + ": " + run);
        JsonNode report = victimsController.json("/runs/" + id + "/report");
        assertTrue(report.path("partial").asBoolean(), "partial: " + report);
        assertTrue(report.path("failure").asText().contains(named), "the report's failure names " + named + ": " + report);
        for (JsonNode agent : report.get("agents")) {
            if (agent.get("name").asText().equals("agent-victim")) {
                assertFalse(agent.path("failure").isNull() || agent.path("failure").isMissingNode(),
                        "the victim's line says why: " + agent);
            } else {
                assertTrue(agent.get("requests").asLong() > 0, "the survivors' data is kept: " + agent);
            }
        }
        assertEquals(3, report.get("agents").size(), report.toString());
        assertEquals(report.get("requests").asLong(), sumOfAgents(report, "requests"), report.toString());
    }

    @Test
    void anAgentOfAnotherVersionIsRefusedBeforeAnythingStarts() throws Exception {
        String version = agents.get(0).json("/agent/info").get("version").asText();
        // the build's own version, not an unexpanded default (every build once answered "${quarkus.application.version}")
        assertTrue(version.matches("[0-9][0-9A-Za-z.-]*"), "the build's version: " + version);
        Set<String> sameRuns = runIds(agents.get(0));
        Set<String> otherRuns = runIds(other);
        long before = target.served(200);
        String id = othersController.started("/runs", spec(closed("1s", "0s"), "2"));
        JsonNode run = othersController.awaitFinished("/runs/" + id);
        assertEquals("failed", run.get("state").asText(), run.toString());
        String failure = run.path("failure").asText();
        for (String named : List.of("agent-other", "0.0-other", version)) {
            assertTrue(failure.contains(named), "failure names " + named + ": " + failure);
        }
        TimeUnit.MILLISECONDS.sleep(1_500); // past the instant a start would have been agreed for (~1 s ahead)
        assertEquals(before, target.served(200), "nothing was sent");
        assertEquals(sameRuns, runIds(agents.get(0)), "the agent of the right version was given no part");
        assertEquals(otherRuns, runIds(other), "nor the other");
    }

    /**
     * A 30 s run whose controller is killed once it sends: every agent's lease (5 s) runs out, so each agent's own
     * record of its part ends within 10 s of the kill, long before the run's end, and after that the target's count
     * no longer rises (a part whose record ended while its connections still sent would show here). The controller
     * killed is the shared one, so this runs last: a controller of its own, the same three agents, was the fourth
     * of four controllers to start, alone after the other three (a whole JVM start of the class's wall time).
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aKilledControllersAgentsStopSendingWithin10Seconds() throws Exception {
        Map<LoadgenService, Set<String>> earlier = new HashMap<>();
        for (LoadgenService agent : agents) {
            earlier.put(agent, runIds(agent));
        }
        long before = target.served(200);
        controller.started("/runs", spec(closed("30s", "0s"), "3"));
        awaitSending(before);
        controller.kill9();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (LoadgenService agent : agents) {
            JsonNode part = newRun(agent, earlier.get(agent));
            while (active(part) && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(100);
                part = newRun(agent, earlier.get(agent));
            }
            assertFalse(active(part), "the agent's part still active 10 s after its controller died: " + part);
        }
        long stopped = target.served(200);
        TimeUnit.SECONDS.sleep(1);
        assertEquals(stopped, target.served(200), "nothing is sent once every part has ended");
    }

    @Test
    void aMalformedOrTooLargeAgentCountIsA400NamingAgents() throws Exception {
        for (String agentsValue : List.of("0", "\"some\"", "4", "-1", "65", "1.5")) {
            assertRefusesAgents(controller, agentsValue);
        }
        assertRefusesAgents(agents.get(0), "1"); // an agent without loadgen.agents is no controller
        // the control: a valid count beside a bad duration names the duration alone (an unknown field would be named too)
        HttpResponse<String> r = controller.post("/runs", spec(closed("soon", "0s"), "3"));
        assertEquals(400, r.statusCode(), r.body());
        assertEquals(List.of("duration"), violatedFields(r), r.body());
    }

    /**
     * An experiment's cells on two agents: each cell is a distributed run, the row says 2 agents, and the verdict's
     * loadgen CPU is the busiest agent's saturation from that run's report (the controller's own is not the load).
     */
    @Test
    void anExperimentRunsItsCellsOnAgentsAndJudgesByTheBusiestAgent() throws Exception {
        long before = target.served(200);
        JsonNode x = experiment("2");
        assertEquals("completed", x.get("state").asText(), x.toString());
        JsonNode cell = x.get("cells").get(0);
        assertEquals(2, cell.get("agents").asInt(), cell.toString());
        JsonNode run = controller.json("/runs/" + cell.get("runId").asText());
        assertEquals("distributed", run.get("spec").get("kind").asText(), run.toString());
        assertEquals("2", run.get("spec").get("agents").asText(), run.toString());
        JsonNode report = run.get("report");
        double busiest = 0;
        for (JsonNode agent : report.get("agents")) {
            busiest = Math.max(busiest, agent.get("saturation").asDouble());
        }
        assertTrue(busiest > 0, "the agents measured their CPU: " + report);
        JsonNode evidence = cell.get("verdict").get("evidence");
        assertEquals(busiest, evidence.get("loadgenCpu").asDouble(), 0.0, "the busiest agent's: " + cell);
        assertFalse(evidence.has("loadgenLoops"), "the controller's loops are not the load's: " + evidence);
        assertEquals("loadgen-bound", cell.get("verdict").get("verdict").asText(), cell.toString());
        long sent = report.get("requests").asLong() + report.get("warmupRequests").asLong();
        assertEquals(sent, servedSince(before, sent), "the cell's requests vs the target's own count");
    }

    /** {@code auto}: a loadgen-bound cell is run again on 2, then on all 3 agents, and the row says 3. */
    @Test
    void autoRunsALoadgenBoundCellAgainOnMoreAgentsUntilAllAreInUse() throws Exception {
        JsonNode x = experiment("\"auto\"");
        assertEquals("completed", x.get("state").asText(), x.toString());
        assertEquals(1, x.get("cells").size(), x.toString());
        JsonNode cell = x.get("cells").get(0);
        assertEquals(3, cell.get("agents").asInt(), cell.toString());
        assertEquals(3, x.get("runsDone").asInt(), "1, 2, then 3 agents: " + x);
        assertEquals("3", controller.json("/runs/" + cell.get("runId").asText()).get("spec").get("agents").asText());
    }

    /**
     * Experiments' {@code agents: auto} for cells of other kinds (a variant's {@code run}, its target on each target's
     * {@code {host}}): every cell here is loadgen-bound, so each climbs 1, 2, 3 agents. A stock {@code iperf3 -c}
     * holds one of the target's three iperf3 slots, so the iperf cell's run on 3 agents is refused a test and fails:
     * the cell keeps its run on 2, the most the target served. The UDP cell's figures are its merged report's: the
     * messages per second, and the payload bytes sent per second as the link load.
     */
    @Test
    void autoSpreadsUdpAndIperfCellsAndKeepsTheMostAgentsTheTargetServed() throws Exception {
        Process stock = holdOneSlot(60);
        JsonNode x;
        try {
            String body = "{\"targets\":[{\"name\":\"t\",\"url\":\"" + target.testApi() + "\",\"metrics\":\""
                    + target.base() + "/q/metrics\",\"cores\":1}],\"variants\":[{\"name\":\"iperf\",\"run\":{\"kind\":"
                    + "\"iperf\",\"target\":\"tcp://{host}:" + target.iperfPort() + "\",\"bitrate\":\"10M\",\"streams\":3}},"
                    + "{\"name\":\"udp\",\"run\":{\"kind\":\"udp-throughput\",\"target\":\"udp://{host}:"
                    + target.udp().getPort() + "\",\"messageSize\":200,\"rate\":900}}],\"duration\":\"1s\","
                    + "\"warmup\":\"0s\",\"timeout\":\"10s\",\"linkMbps\":10000,\"agents\":\"auto\"}";
            x = controller.awaitFinished("/experiments/" + controller.started("/experiments", body));
        } finally {
            stock.destroy();
            assertTrue(stock.waitFor(10, TimeUnit.SECONDS), "the stock iperf3 client ended");
        }
        assertEquals("completed", x.get("state").asText(), x.toString());
        assertEquals(6, x.get("runsDone").asInt(), "1, 2, 3 agents for each cell: " + x);
        JsonNode iperf = x.get("cells").get(0);
        assertEquals("iperf", iperf.get("variant").asText(), x.toString());
        assertEquals(2, iperf.get("agents").asInt(), "the run on 3 was refused a slot: the one on 2 is kept: " + iperf);
        JsonNode kept = controller.json("/runs/" + iperf.get("runId").asText());
        assertEquals("completed", kept.get("state").asText(), kept.toString());
        assertEquals("2", kept.get("spec").get("agents").asText());
        assertEquals("iperf", kept.get("spec").get("run").get("kind").asText());
        assertEquals("tcp://" + target.host() + ":" + target.iperfPort(), kept.get("spec").get("run").get("target").asText(),
                "{host} is the target's: " + kept);
        assertTrue(iperf.get("mbPerSecond").asDouble() > 0, iperf.toString());

        JsonNode udp = x.get("cells").get(1);
        assertEquals(3, udp.get("agents").asInt(), "loadgen-bound at every count: all three agents: " + udp);
        JsonNode report = controller.json("/runs/" + udp.get("runId").asText() + "/report");
        JsonNode merged = report.get("merged");
        assertEquals("udp-throughput", merged.get("kind").asText(), report.toString());
        long sent = merged.get("messagesSent").asLong();
        assertEquals(sumOfAgents(report, "requests"), sent, "merged sent vs the agents' own: " + report);
        assertEquals(merged.get("messagesPerSecond").asDouble(), udp.get("requestsPerSecond").asDouble(), 1e-9, udp.toString());
        assertEquals(sent * 200 / merged.get("durationSeconds").asDouble() / 1e6, udp.get("mbPerSecond").asDouble(), 1e-9,
                "the payload bytes sent per second: " + udp);
    }

    /**
     * iperf over three agents, each its own iperf3 test against the target's one server (it takes three at once,
     * {@link AgentHosts#target}): the kind's merged report sums the agents' own reports exactly, bytes, packets and
     * bits per second, as iperf3 sums its streams. Then a stock {@code iperf3 -c} holds one of the three slots, so one
     * agent is told busy: the run is partial, the merged report's error names that agent by its place, and the other
     * two's figures are kept. The first run is UDP (the target's UDP tests share its one port, setups one at a time),
     * whose merged jitter is the streams' mean; the second TCP. A capped rate keeps two busy cores out of the sums' way.
     */
    @Test
    void iperfOverThreeAgentsSumsTheirTestsAsIperf3SumsItsStreams() throws Exception {
        List<Set<String>> earlier = new ArrayList<>();
        for (LoadgenService agent : agents) {
            earlier.add(runIds(agent));
        }
        String id = controller.started("/runs", iperf("udp", "2s"));
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        assertFalse(report.path("partial").asBoolean(), report.toString());
        JsonNode merged = report.get("merged");
        assertTrue(merged != null && merged.path("error").isNull(), "the iperf report of the whole run: " + report);
        List<JsonNode> parts = partReports(earlier);
        for (JsonNode part : parts) {
            assertTrue(part.path("error").isNull(), "every agent's test completed: " + part);
        }
        assertSums(merged, parts);
        assertEquals(3, merged.path("directions").get(0).path("streams").size(), "one stream per agent: " + merged);
        // UDP: the three tests shared the target's one UDP port at once; jitter is iperf3's sum's, the streams' mean
        double jitter = 0;
        for (JsonNode stream : merged.path("directions").get(0).path("streams")) {
            assertTrue(stream.path("jitterMillis").isNumber(), "every UDP stream has its jitter: " + stream);
            jitter += stream.path("jitterMillis").asDouble() / 3;
        }
        assertEquals(jitter, merged.path("directions").get(0).path("sum").path("jitterMillis").asDouble(), 1e-9,
                "the merged jitter is the streams' mean, as iperf3's avg_jitter / num_streams: " + merged);

        earlier.clear();
        for (LoadgenService agent : agents) {
            earlier.add(runIds(agent));
        }
        Process stock = holdOneSlot(20);
        try {
            String busyId = controller.started("/runs", iperf("tcp", "2s"));
            JsonNode run = controller.awaitFinished("/runs/" + busyId);
            JsonNode busy = controller.json("/runs/" + busyId + "/report");
            assertTrue(busy.path("partial").asBoolean(), busy.toString());
            List<JsonNode> busyParts = partReports(earlier);
            List<Integer> refused = new ArrayList<>();
            for (int i = 0; i < busyParts.size(); i++) {
                if (busyParts.get(i).path("error").asText().contains("busy")) {
                    refused.add(i);
                }
            }
            assertEquals(1, refused.size(), "one agent of three found the server's slots taken: " + busyParts);
            int k = refused.get(0);
            String name = busy.get("agents").get(k).get("name").asText();
            assertEquals("agent-" + (k + 1), name, busy.toString());
            assertTrue(run.path("failure").asText().contains(name), "the run's failure names " + name + ": " + run);
            assertTrue(busy.get("merged").path("error").asText().contains("agents[" + k + "]: "),
                    "the merged report names the agent's place: " + busy);
            List<JsonNode> delivered = new ArrayList<>(busyParts);
            delivered.remove(k);
            assertSums(busy.get("merged"), busyParts);
            assertTrue(delivered.stream().allMatch(p -> p.path("directions").get(0).path("sum").path("receivedBytes").asLong() > 0),
                    "the other two agents' figures are kept: " + busy);
        } finally {
            stock.destroy();
            assertTrue(stock.waitFor(10, TimeUnit.SECONDS), "the stock iperf3 client ended");
        }
    }

    /** One stream per agent, 30 Mbit/s over the three. */
    private String iperf(String protocol, String duration) {
        return "{\"kind\":\"iperf\",\"target\":\"tcp://" + target.host() + ":" + target.iperfPort() + "\",\"protocol\":\"" + protocol + "\","
                + "\"bitrate\":\"30M\",\"duration\":\"" + duration + "\",\"agents\":3}";
    }

    /** Each shared agent's own report of its part (the one run it holds beyond {@code earlier}), in the agents' order. */
    private List<JsonNode> partReports(List<Set<String>> earlier) throws Exception {
        List<JsonNode> parts = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            JsonNode part = agents.get(i).awaitFinished("/runs/" + newRun(agents.get(i), earlier.get(i)).get("id").asText());
            parts.add(part.get("report"));
        }
        return parts;
    }

    /** The merged report's up sum is the parts' added: bytes, packets and lost exactly, bits per second to rounding. */
    private static void assertSums(JsonNode merged, List<JsonNode> parts) {
        JsonNode sum = merged.path("directions").get(0).path("sum");
        long received = 0;
        long sent = 0;
        long packets = 0;
        long lost = 0;
        double bitsPerSecond = 0;
        long intervalBytes = 0;
        for (JsonNode part : parts) {
            JsonNode p = part.path("directions").get(0);
            received += p.path("sum").path("receivedBytes").asLong();
            sent += p.path("sum").path("sentBytes").asLong();
            packets += p.path("sum").path("packets").asLong();
            lost += p.path("sum").path("lost").asLong();
            bitsPerSecond += p.path("sum").path("bitsPerSecond").asDouble();
            for (JsonNode i : p.path("intervals")) {
                intervalBytes += i.path("bytes").asLong();
            }
        }
        assertTrue(received > 0, "the agents' tests moved bytes: " + parts);
        assertEquals(received, sum.path("receivedBytes").asLong(), "merged bytes = the agents' own: " + merged);
        assertEquals(sent, sum.path("sentBytes").asLong(), merged.toString());
        assertEquals(packets, sum.path("packets").asLong(), merged.toString());
        assertEquals(lost, sum.path("lost").asLong(), merged.toString());
        assertEquals(bitsPerSecond, sum.path("bitsPerSecond").asDouble(), bitsPerSecond * 1e-9, "merged bits/s = the agents' summed");
        long mergedIntervals = 0;
        for (JsonNode i : merged.path("directions").get(0).path("intervals")) {
            mergedIntervals += i.path("bytes").asLong();
        }
        assertEquals(intervalBytes, mergedIntervals, "every agent's seconds added: " + merged);
    }

    /** A stock {@code iperf3 -c} on one of the target's three slots, for {@code seconds} at most, once the server has its test. */
    private Process holdOneSlot(int seconds) throws Exception {
        Process p = new ProcessBuilder("iperf3", "-c", target.host(), "-p", Integer.toString(target.iperfPort()),
                "-b", "1M", "-t", Integer.toString(seconds), "--forceflush").redirectErrorStream(true).start();
        java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
        StringBuilder seen = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            seen.append(line).append('\n');
            if (line.contains(" connected to ")) { // its stream is up: the server took the test
                Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "iperf3-drain");
                drain.setDaemon(true);
                drain.start();
                return p;
            }
        }
        p.destroy();
        throw new AssertionError("the stock iperf3 client (is iperf3 installed?) did not connect: " + seen);
    }

    /** One target, one variant, the link given: the experiment's only runs are its cell's. */
    private JsonNode experiment(String agentsValue) throws Exception {
        String body = "{\"targets\":[{\"name\":\"t\",\"url\":\"" + target.testApi() + "\",\"metrics\":\""
                + target.base() + "/q/metrics\",\"cores\":1}],\"variants\":[{\"number\":2,\"connections\":6,"
                + "\"threads\":3}],\"duration\":\"1s\",\"warmup\":\"200ms\",\"timeout\":\"10s\",\"linkMbps\":10000,"
                + "\"agents\":" + agentsValue + "}";
        String id = controller.started("/experiments", body);
        return controller.awaitFinished("/experiments/" + id);
    }

    /**
     * UDP over three agents to the target's reflector: the merged messages are the agents' own summed, exactly; the
     * reflector's count is read once around the whole run by the controller (no part reads it), and equals the count
     * this test reads itself; lost is sent (warm-up included) minus it. 1,500/s of 200 bytes for 2 s: on loopback
     * nothing need be lost, but the relation, not a zero, is what is asserted. (At 3,000/s, first after the agents'
     * start on the shared 2-core box, one agent's answers stalled past the controller's 3 s and the run was, rightly,
     * partial: loss null, "an agent did not deliver all its intervals".)
     */
    @Test
    void udpOverThreeAgentsSumsTheirMessagesAndTheReflectorCountsWhatArrived() throws Exception {
        udpThroughput(target.udp(), "1500");
    }

    /**
     * The figures {@link #udpOverThreeAgentsSumsTheirMessagesAndTheReflectorCountsWhatArrived} asserts of a
     * udp-throughput run at {@code rate} over three agents sending to {@code to} (the reflector, or a relay in front
     * of it); its merged report.
     */
    JsonNode udpThroughput(java.net.URI to, String rate) throws Exception {
        long before = reflectorReceived();
        String id = controller.started("/runs", "{\"kind\":\"udp-throughput\",\"target\":\"" + to
                + "\",\"messageSize\":200,\"rate\":" + rate + ",\"duration\":\"2s\",\"warmup\":\"200ms\","
                + "\"targetMetrics\":\"" + target.base() + "/q/metrics\",\"agents\":3}");
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        JsonNode merged = report.get("merged");
        assertEquals("udp-throughput", merged.get("kind").asText(), report.toString());
        long sent = merged.get("messagesSent").asLong();
        assertTrue(sent > 0, report.toString());
        assertEquals(sumOfAgents(report, "requests"), sent, "merged sent vs the agents' own: " + report);
        assertEquals(report.get("requests").asLong(), sent, report.toString());
        long all = sent + merged.get("warmupMessagesSent").asLong();
        long received = reflectorSince(before, merged.get("received").asLong());
        assertEquals(received, merged.get("received").asLong(), "the reflector's own count, read by this test: " + report);
        assertEquals(all - received, merged.get("lost").asLong(), report.toString());
        String text = controller.text("/runs/" + id + "/report");
        assertTrue(text.contains("sockperf: Total of " + sent + " messages sent") && text.contains("agent-3"), text);
        return merged;
    }

    /**
     * Ping-pong over three agents: the merged histogram holds every pong of every agent (each agent's own report
     * is read from the agent), and the round trips' p99 is the merged histogram's, never an average of the agents'.
     */
    @Test
    void udpPingPongOverThreeAgentsReadsRoundTripsFromTheMergedHistogram() throws Exception {
        List<Set<String>> earlier = new ArrayList<>();
        for (LoadgenService agent : agents) {
            earlier.add(runIds(agent));
        }
        String id = controller.started("/runs", "{\"kind\":\"udp-pingpong\",\"target\":\"" + target.udp()
                + "\",\"messageSize\":64,\"rate\":300,\"duration\":\"2s\",\"agents\":3}");
        completed(controller, id);
        JsonNode report = controller.json("/runs/" + id + "/report");
        JsonNode merged = report.get("merged");
        long pongs = 0;
        for (int i = 0; i < agents.size(); i++) {
            String part = newRun(agents.get(i), earlier.get(i)).get("id").asText();
            pongs += agents.get(i).json("/runs/" + part + "/report").get("pongsReceived").asLong();
        }
        assertTrue(pongs > 0, report.toString());
        assertEquals(pongs, merged.get("pongsReceived").asLong(), "merged pongs vs the agents' own reports: " + report);
        assertEquals(pongs, report.get("histogramCount").asLong(), report.toString());
        assertEquals(pongs, merged.get("rttMicros").get("count").asLong(), report.toString());
        HttpResponse<String> base64 = controller.get("/runs/" + id + "/histogram?format=base64");
        Histogram h = Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(base64.body().trim())), 0);
        assertEquals(pongs, h.getTotalCount());
        assertEquals(Math.round(h.getValueAtPercentile(99)) / 1000.0, merged.get("rttMicros").get("p99").asDouble(), 0,
                "p99 from the merged histogram: " + report);
    }

    /** The target the agents drive: the reflector's and the test API's host. */
    TargetService target() {
        return target;
    }

    /** The target reflector's own count of datagrams received, from its /q/metrics. */
    long reflectorReceived() throws Exception {
        long sum = 0;
        boolean found = false;
        for (String line : target.get("/q/metrics").split("\n")) {
            if (line.startsWith("target_udp_received_total")) {
                sum += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                found = true;
            }
        }
        assertTrue(found, "no target_udp_received_total on the target's /q/metrics");
        return sum;
    }

    /** The reflector's count since {@code before}, once it reaches {@code expected} (datagrams may still be queued). */
    private long reflectorSince(long before, long expected) throws Exception {
        long got = reflectorReceived() - before;
        for (int i = 0; i < 50 && got != expected; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
            got = reflectorReceived() - before;
        }
        return got;
    }

    private void assertRefusesAgents(LoadgenService service, String agentsValue) throws Exception {
        HttpResponse<String> r = service.post("/runs", spec(closed("1s", "0s"), agentsValue));
        assertEquals(400, r.statusCode(), "agents " + agentsValue + ": " + r.body());
        assertTrue(violatedFields(r).contains("agents"), "agents " + agentsValue + " is named: " + r.body());
    }

    private static List<String> violatedFields(HttpResponse<String> r) throws Exception {
        List<String> fields = new ArrayList<>();
        JSON.readTree(r.body()).path("violations").forEach(v -> fields.add(v.path("field").asText()));
        return fields;
    }

    private String spec(String load, String agentsValue) {
        return "{\"kind\":\"http\",\"target\":\"" + target.testApi() + "\",\"method\":\"POST\","
                + "\"headers\":{\"Content-Type\":\"application/json\"},\"body\":\"{\\\"number\\\": 2}\","
                + "\"timeout\":\"10s\"," + load + ",\"agents\":" + agentsValue + "}";
    }

    /** Two connections and one thread per agent, as fast as the target answers. */
    private static String closed(String duration, String warmup) {
        return "\"connections\":6,\"threads\":3,\"duration\":\"" + duration + "\",\"warmup\":\"" + warmup + "\",\"rate\":0";
    }

    private static JsonNode completed(LoadgenService service, String id) throws Exception {
        JsonNode run = service.awaitFinished("/runs/" + id);
        assertEquals("completed", run.get("state").asText(), run.toString());
        return run;
    }

    /** A distributed report's errors: one number, the measured errors of every agent summed. */
    private static long errors(JsonNode report) {
        JsonNode errors = report.get("errors");
        assertTrue(errors != null && errors.isIntegralNumber(), "errors is a count: " + report);
        return errors.asLong();
    }

    private static long sumOfAgents(JsonNode report, String field) {
        long sum = 0;
        for (JsonNode agent : report.get("agents")) {
            sum += agent.get(field).asLong();
        }
        return sum;
    }

    /** The target's count since {@code before}, once it reaches {@code expected} (it counts just after answering). */
    private long servedSince(long before, long expected) throws Exception {
        long served = target.served(200) - before;
        for (int i = 0; i < 50 && served != expected; i++) {
            TimeUnit.MILLISECONDS.sleep(50);
            served = target.served(200) - before;
        }
        return served;
    }

    private void awaitSending(long before) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (target.served(200) > before) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("the target saw no request within 30 s");
    }

    private static Set<String> runIds(LoadgenService service) throws Exception {
        Set<String> ids = new HashSet<>();
        service.json("/runs").get("items").forEach(r -> ids.add(r.get("id").asText()));
        return ids;
    }

    /** The one run {@code agent} holds beyond {@code earlier}: its part. */
    private static JsonNode newRun(LoadgenService agent, Set<String> earlier) throws Exception {
        List<JsonNode> fresh = new ArrayList<>();
        agent.json("/runs").get("items").forEach(r -> {
            if (!earlier.contains(r.get("id").asText())) {
                fresh.add(r);
            }
        });
        assertEquals(1, fresh.size(), "one part per agent: " + fresh);
        return fresh.get(0);
    }

    private static boolean active(JsonNode run) {
        String state = run.get("state").asText();
        return "running".equals(state) || "queued".equals(state);
    }

    private static String address(LoadgenService service) {
        return service.uri("").getAuthority();
    }

    private List<String> controllerOf(LoadgenService... agentsOf) {
        List<String> properties = new ArrayList<>(hosts.controller());
        properties.add("-Dloadgen.agents=" + Arrays.stream(agentsOf).map(a -> a.uri("").toString()).collect(Collectors.joining(",")));
        properties.add("-Dloadgen.agent.name=controller");
        return properties;
    }

    /**
     * Starts a service per entry of {@code properties}, three at a time, each on a data dir of its own, as agents
     * ({@link AgentHosts#agent}) or as controllers (here): one took 10 s to become live on this machine's two busy
     * cores, so nine at once would crowd the 60 s readiness limit.
     */
    private List<LoadgenService> startAll(List<List<String>> properties, boolean asAgents) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<LoadgenService>> futures = new ArrayList<>();
            for (int i = 0; i < properties.size(); i++) {
                int n = i;
                Path data = Files.createDirectories(dir.resolve((asAgents ? "agent-" : "controller-") + n));
                futures.add(pool.submit(() -> {
                    LoadgenService s = asAgents ? hosts.agent(n, data, properties.get(n))
                            : LoadgenService.start(data, properties.get(n));
                    started.add(s);
                    return s;
                }));
            }
            List<LoadgenService> services = new ArrayList<>();
            for (Future<LoadgenService> f : futures) {
                try {
                    services.add(f.get());
                } catch (ExecutionException e) {
                    throw new AssertionError("a loadgen did not start", e.getCause());
                }
            }
            return services;
        } finally {
            pool.shutdown();
        }
    }
}
