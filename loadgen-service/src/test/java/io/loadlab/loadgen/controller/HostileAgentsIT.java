package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAgent.Endpoint;
import io.loadlab.testsupport.FakeAnswer;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real controller (the packaged jar) whose agents are one real agent and two {@link FakeAgent}s scripted to stall,
 * lie and flood (issue 22). Whatever an agent does, the run ends within a bounded time as failed or partial naming
 * that agent, the healthy agent's part is not truncated, and the controller stays whole: {@code GET /runs},
 * {@code GET /runs/{id}}, {@code /q/metrics} and readiness answer 200 and the next run starts (the slot is free).
 * <p>
 * The controller's agents, in order: the real one, fake 0, fake 1; {@code "agents": N} takes the first N.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileAgentsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every hostile run must end within this; before issue 22 most of them never ended. */
    private static final long END_WITHIN_SECONDS = 45;

    @TempDir
    static Path dir;

    /** The real agent's target: a plain HTTP server answering 200 to everything (what it measures is not the point). */
    private HttpServer target;
    /** Requests the target answered, from every agent. */
    private final AtomicLong targetCounted = new AtomicLong();
    private LoadgenService agent;
    private LoadgenService controller;
    private FakeAgent fake0;
    private FakeAgent fake1;

    @BeforeAll
    void start() throws Exception {
        target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/", ex -> {
            targetCounted.incrementAndGet();
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, 2);
            ex.getResponseBody().write("ok".getBytes());
            ex.close();
        });
        target.start();
        agent = LoadgenService.start(dir.resolve("agent"), List.of("-Dloadgen.agent.name=real-agent"));
        String version = agent.json("/agent/info").get("version").asText();
        fake0 = FakeAgent.start("fake-0", version);
        fake1 = FakeAgent.start("fake-1", version);
        controller = LoadgenService.start(dir.resolve("controller"), List.of("-Dloadgen.agents="
                + agent.uri("") + "," + fake0.url() + "," + fake1.url()));
    }

    @AfterAll
    void stop() {
        for (AutoCloseable c : new AutoCloseable[] {controller, fake0, fake1, agent}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // the others still close
            }
        }
        if (target != null) {
            target.stop(0);
        }
    }

    @BeforeEach
    void idle() throws Exception {
        fake0.reset();
        fake1.reset();
        for (int i = 0; i < 300 && !agent.json("/agent/info").get("ready").asBoolean(); i++) {
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertTrue(agent.json("/agent/info").get("ready").asBoolean(), "the real agent is idle");
    }

    @Test
    void aRunOnTheRealAgentAloneStillCompletesWhole() throws Exception {
        JsonNode run = ended(controller.started("/runs", spec("1", "2s")));
        assertEquals("completed", run.get("state").asText(), run.toString());
        assertFalse(run.get("report").get("partial").asBoolean(), run.toString());
        assertEquals(60, run.get("report").get("requests").asLong(), "30/s for 2 s: " + run);
    }

    @Test
    void anAgentThatStallsInItsInfoAnswerFailsTheRunNamingIt() throws Exception {
        fake0.on(Endpoint.INFO, r -> FakeAnswer.stallAfter("{\"na", 1000));
        JsonNode run = ended(controller.started("/runs", spec("2", "2s")));
        assertFailedNaming(run, fake0.address());
        assertWhole(run);
    }

    @Test
    void anAgentThatStallsInItsIntervalsFailsAloneAndTheHealthyOneIsNotBlamed() throws Exception {
        // before: the run stayed running 50 s past its end, then blamed the healthy agent
        fake0.on(Endpoint.INTERVALS, r -> FakeAnswer.stallAfter("{\"st", 1000));
        JsonNode run = ended(controller.started("/runs", spec("2", "3s")));
        assertFailedNaming(run, fake0.address());
        assertFalse(run.get("failure").asText().contains("real-agent"), "the healthy agent is not blamed: " + run);
        assertWhole(run);
    }

    @Test
    void aCancelEndsARunWhoseAgentStallsAndTellsEveryAgent() throws Exception {
        fake0.on(Endpoint.INTERVALS, r -> FakeAnswer.stallAfter("{\"st", 1000));
        String id = controller.started("/runs", spec("2", "20s"));
        TimeUnit.MILLISECONDS.sleep(1_500);
        HttpResponse<String> cancel = HttpClient.newHttpClient().send(HttpRequest.newBuilder(controller.uri("/runs/" + id))
                .timeout(Duration.ofSeconds(END_WITHIN_SECONDS)).header("Authorization", "Bearer " + LoadgenService.TOKEN)
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(cancel.statusCode() / 100 == 2, cancel.statusCode() + " " + cancel.body());
        JsonNode run = ended(id);
        assertTrue(List.of("cancelled", "failed").contains(run.get("state").asText()), run.toString());
        assertTrue(fake0.calls(Endpoint.CANCEL) >= 1, "the stalled agent's part was told to stop");
        assertWhole(run);
    }

    @Test
    void slowAgentsDoNotLetTheHealthyAgentsLeaseExpire() throws Exception {
        // 2.6 s per answer each: polled one after the other, the real agent went 5.2 s unpolled, past its 5 s lease
        FakeAnswer slow = FakeAnswer.json(pending()).after(2_600);
        // Once the real part has ended, the fakes say they failed (as slowly): the run then ends on their word, not
        // after the controller's 15 s overrun allowance, which made this test 29 s of the suite.
        FakeAnswer slowFailure = FakeAnswer.json("{\"state\":\"failed\",\"intervals\":[],\"complete\":true,"
                + "\"dropped\":0,\"saturation\":0,\"failure\":\"scripted\"}").after(2_600);
        String earlier = latestRealPart().path("id").asText();
        fake0.on(Endpoint.INTERVALS, r -> realPartEnded(earlier) ? slowFailure : slow);
        fake1.on(Endpoint.INTERVALS, r -> realPartEnded(earlier) ? slowFailure : slow);
        // 12 s: the lease (5 s, checked each 1.25 s) expired 6 s or so into the part, which a shorter run outlives
        JsonNode run = ended(controller.started("/runs", spec("3", "12s")));
        assertEquals("failed", run.get("state").asText(), run.toString());
        assertFalse(run.get("failure").asText().contains("real-agent"), "the healthy agent is not blamed: " + run);
        assertRealPartCompleted();
        assertWhole(run);
    }

    @Test
    void aPartTheAgentEndedByItselfFailsTheRunNamingIt() throws Exception {
        fake0.on(Endpoint.INTERVALS, r -> FakeAnswer.json(
                "{\"state\":\"cancelled\",\"intervals\":[],\"complete\":true,\"dropped\":0,\"saturation\":0}"));
        JsonNode run = ended(controller.started("/runs", spec("2", "2s")));
        assertFailedNaming(run, fake0.address());
        assertWhole(run);
    }

    @Test
    void hugeCountsFailTheAgentNotTheController() throws Exception {
        long huge = 9_223_372_036_854_775_000L;
        String batch = JSON.writeValueAsString(new IntervalBatch("running", List.of(interval(0, huge),
                interval(1, huge)), false, 0, 0L, 0, null));
        fake0.on(Endpoint.INTERVALS, r -> FakeAnswer.json(batch));
        String id = controller.started("/runs", spec("2", "3s"));
        for (int i = 0; i < 20; i++) { // while it runs, every read answers
            assertEquals(200, controller.get("/runs/" + id).statusCode());
            assertEquals(200, controller.get("/q/metrics").statusCode());
            TimeUnit.MILLISECONDS.sleep(100);
        }
        JsonNode run = ended(id);
        assertFailedNaming(run, fake0.address());
        assertWhole(run);
    }

    @Test
    void aHugeFailureStringIsNotStored() throws Exception {
        String failure = "x".repeat(15 << 20);
        String batch = "{\"state\":\"failed\",\"intervals\":[],\"complete\":true,\"dropped\":0,\"saturation\":0,"
                + "\"failure\":\"" + failure + "\"}";
        fake0.on(Endpoint.INTERVALS, r -> FakeAnswer.json(batch));
        String id = controller.started("/runs", spec("2", "2s"));
        JsonNode run = ended(id);
        assertFailedNaming(run, fake0.address());
        assertTrue(controller.get("/runs/" + id).body().length() < 64 * 1024, "the record stays small");
        assertWhole(run);
    }

    @Test
    void anAgentNameBeyondTheIdRulesIsRefused() throws Exception {
        fake0.on(Endpoint.INFO, r -> FakeAnswer.json("{\"name\":\"" + "n".repeat(100_000) + "<script>\",\"version\":\""
                + "x\",\"ready\":true,\"cores\":1}"));
        String id = controller.started("/runs", spec("2", "1s"));
        JsonNode run = ended(id);
        assertFailedNaming(run, fake0.address());
        assertTrue(run.get("failure").asText().contains("name"), run.toString());
        assertTrue(controller.get("/runs/" + id).body().length() < 64 * 1024, "the record stays small");
        assertWhole(run);
    }

    @Test
    void aStartInstantOutsideTheAgentsWindowIsRefusedNamingIt() throws Exception {
        for (long startAt : new long[] {Long.MIN_VALUE, Long.MAX_VALUE}) {
            HttpResponse<String> r = agent.post("/agent/runs", "{\"controllerRunId\":\"c\",\"startAtNanos\":" + startAt
                    + ",\"leaseMillis\":5000,\"spec\":{\"kind\":\"http\",\"target\":\"" + testApi()
                    + "\",\"duration\":\"1s\",\"connections\":1,\"rate\":10}}");
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(r.body().contains("startAtNanos"), r.body());
        }
        assertTrue(agent.json("/agent/info").get("ready").asBoolean(), "nothing holds the slot");
        long now = agent.json("/agent/clock").get("repliedNanos").asLong();
        HttpResponse<String> r = agent.post("/agent/runs", "{\"controllerRunId\":\"c\",\"startAtNanos\":"
                + (now + 30_000_000_000L) + ",\"leaseMillis\":1000,\"spec\":{\"kind\":\"http\",\"target\":\""
                + testApi() + "\",\"duration\":\"1s\",\"connections\":1,\"rate\":10}}");
        assertEquals(202, r.statusCode(), r.body()); // 30 s ahead is in the window; its 1 s lease ends it unpolled
        String id = JSON.readTree(r.body()).get("id").asText();
        assertTrue(id.matches("part-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "unguessable: " + id);
    }

    @Test
    void anAgentWhoseCountsAreInflatedTenfoldFailsAloneAndTheGateFails() throws Exception {
        // before: completed, partial false, 495 requests (45 honest + 450 inflated) where the target answered 90
        // and the merged histogram held 90; requestsPerSecond 165 >= 100 passed
        try (LoadgenService behind = LoadgenService.start(dir.resolve("inflated"),
                List.of("-Dloadgen.agent.name=inflated-agent"))) {
            for (Endpoint e : Endpoint.values()) {
                fake0.on(e, inflating(behind, e == Endpoint.INTERVALS));
            }
            long targetBefore = targetCounted.get();
            String earlier = latestRealPart().path("id").asText();
            String id = controller.started("/runs", spec("2", "3s").replace("\"agents\"",
                    "\"thresholds\":{\"requestsPerSecond\":\">= 100\"},\"agents\""));
            JsonNode run = ended(id);
            assertFailedNaming(run, fake0.address());
            // which figure shows it first is the machine's timing: its histograms, or its open model's schedule
            assertTrue(run.get("failure").asText().contains("COMPLETED") || run.get("failure").asText().contains("SENT"),
                    "names the figure: " + run.get("failure"));
            assertFalse(run.get("failure").asText().contains("real-agent"), "the honest agent is not blamed: " + run);
            JsonNode report = run.get("report");
            assertTrue(report.get("partial").asBoolean(), report.toString());
            JsonNode honest = agentLine(report, "real-agent");
            assertTrue(honest.get("failure") == null || honest.get("failure").isNull(), honest.toString());
            JsonNode honestPart = agent.json("/runs/" + latestRealPart().path("id").asText());
            assertFalse(honestPart.path("id").asText().equals(earlier), "the real agent ran a part");
            long honestCount = honestPart.get("report").get("requests").asLong();
            assertTrue(honestCount > 0, honestPart.toString());
            assertEquals(honestCount, report.get("requests").asLong(), "the merged total is the honest agent's: " + report);
            assertEquals(honestCount, honest.get("requests").asLong());
            assertEquals(report.get("requests").asLong(), report.get("histogramCount").asLong(),
                    "the merged count is its merged histogram's: " + report);
            assertEquals(0, agentLine(report, "inflated-agent").get("requests").asLong(), "none of its figures kept");
            assertTrue(report.get("requests").asLong() <= targetCounted.get() - targetBefore,
                    "no more than the target answered (" + (targetCounted.get() - targetBefore) + "): " + report);
            JsonNode gate = run.get("gate");
            assertFalse(gate.get("passed").asBoolean(), gate.toString());
            JsonNode rps = gate.get("thresholds").get(0);
            assertEquals("requestsPerSecond", rps.get("name").asText());
            assertFalse(rps.get("passed").asBoolean(), "only the inflated figure reached 100/s: " + gate);
            assertTrue(rps.get("actual").asDouble() < 100, gate.toString());
            assertWhole(run);
        }
    }

    @Test
    void anAgentWhosePartHandoverStallsFailsAloneAndTheHealthyAgentKeepsItsCount() throws Exception {
        // before: the stop's interrupt cut the healthy agent's first poll, 3 s after its start answer (the stalled
        // start call's timeout), and it was failed "stopped answering ... InterruptedException" with 0 requests
        fake0.on(Endpoint.START, r -> FakeAnswer.stallAfter("{\"id", 1000));
        String earlier = latestRealPart().path("id").asText();
        JsonNode run = ended(controller.started("/runs", spec("2", "6s")));
        assertFailedNaming(run, fake0.address());
        assertFalse(run.get("failure").asText().contains("real-agent"), "the healthy agent is not blamed: " + run);
        JsonNode healthy = agentLine(run.get("report"), "real-agent");
        assertTrue(healthy.get("failure") == null || healthy.get("failure").isNull(), healthy.toString());
        JsonNode part = agent.json("/runs/" + latestRealPart().path("id").asText());
        assertFalse(part.path("id").asText().equals(earlier), "the real agent ran a part");
        long measured = part.get("report").get("requests").asLong();
        assertTrue(measured > 0, part.toString());
        assertEquals(measured, healthy.get("requests").asLong(), "its own count, handed over: " + run);
        assertEquals(measured, run.get("report").get("requests").asLong());
        assertWhole(run);
    }

    /** The agents' line for {@code name} in a distributed report. */
    private static JsonNode agentLine(JsonNode report, String name) {
        for (JsonNode a : report.get("agents")) {
            if (name.equals(a.get("name").asText())) {
                return a;
            }
        }
        throw new AssertionError("no agent " + name + " in " + report);
    }

    /**
     * A proxy to the real loadgen {@code behind}: each call forwarded as it came; with {@code inflate}, every counter
     * of every interval in the answer multiplied by 10 (the histograms left as they are).
     */
    private static Function<FakeAgent.Request, FakeAnswer> inflating(LoadgenService behind, boolean inflate) {
        HttpClient http = HttpClient.newHttpClient();
        return r -> {
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(behind.uri(r.path() + (r.query().isEmpty() ? "" : "?"
                        + r.query()))).timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer " + LoadgenService.TOKEN)
                        .header("Content-Type", "application/json");
                b = "GET".equals(r.method()) ? b.GET() : b.method(r.method(), HttpRequest.BodyPublishers.ofString(r.body()));
                HttpResponse<byte[]> answer = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                if (answer.statusCode() == 204) {
                    return FakeAnswer.noContent();
                }
                byte[] body = answer.body();
                if (inflate && answer.statusCode() == 200) {
                    JsonNode batch = JSON.readTree(body);
                    for (JsonNode interval : batch.path("intervals")) {
                        for (String phase : new String[] {"warmup", "measured"}) {
                            ObjectNode counts = (ObjectNode) interval.get(phase).get("counts");
                            List<String> names = new java.util.ArrayList<>();
                            counts.fieldNames().forEachRemaining(names::add);
                            names.forEach(c -> counts.put(c, counts.get(c).asLong() * 10));
                        }
                    }
                    body = JSON.writeValueAsBytes(batch);
                }
                return FakeAnswer.of(answer.statusCode(), body);
            } catch (Exception e) {
                return FakeAnswer.of(502, ("{\"error\":\"proxy: " + e.getClass().getSimpleName() + "\"}").getBytes());
            }
        };
    }

    private static String pending() {
        return "{\"state\":\"pending\",\"intervals\":[],\"complete\":false,\"dropped\":0,\"saturation\":0}";
    }

    private static IntervalSample interval(long index, long count) {
        String empty = HistogramCodec.encode(Histograms.newHistogram());
        PhaseInterval none = new PhaseInterval(Map.of(), empty, null, null);
        return new IntervalSample(index, index * 1_000_000_000L, (index + 1) * 1_000_000_000L, none,
                new PhaseInterval(Map.of(Counter.COMPLETED, count, Counter.SENT, count), empty, null, null));
    }

    /** The run's record once it ended; fails when it has not within {@link #END_WITHIN_SECONDS}. */
    private JsonNode ended(String id) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(END_WITHIN_SECONDS);
        while (System.nanoTime() < until) {
            HttpResponse<String> r = controller.get("/runs/" + id);
            assertEquals(200, r.statusCode(), r.body().length() > 500 ? r.body().substring(0, 500) : r.body());
            JsonNode run = JSON.readTree(r.body());
            String state = run.get("state").asText();
            if (!"running".equals(state) && !"queued".equals(state)) {
                return run;
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        throw new AssertionError("run " + id + " still running after " + END_WITHIN_SECONDS + " s");
    }

    private static void assertFailedNaming(JsonNode run, String address) {
        assertEquals("failed", run.get("state").asText(), run.toString().substring(0, Math.min(2000, run.toString().length())));
        assertTrue(run.get("failure").asText().contains(address), "the failure names " + address + ": " + run.get("failure"));
    }

    /** The real agent's latest part ran its whole duration: its lease never expired under the controller's polls. */
    private void assertRealPartCompleted() throws Exception {
        JsonNode latest = latestRealPart();
        assertEquals("completed", latest.get("state").asText(), latest.toString());
    }

    /** The real agent's latest run (a missing node when it has none). */
    private JsonNode latestRealPart() throws Exception {
        JsonNode runs = agent.json("/runs");
        return (runs.isArray() ? runs : runs.path("items")).path(0);
    }

    /** Whether the real agent holds a part newer than {@code earlier} and that part has ended, however. */
    private boolean realPartEnded(String earlier) {
        try {
            JsonNode latest = latestRealPart();
            String state = latest.path("state").asText();
            return !latest.path("id").asText().equals(earlier) && !"running".equals(state) && !"queued".equals(state);
        } catch (Exception e) {
            return false;
        }
    }

    /** Every read answers 200, readiness is up and the slot is free: a local run starts and completes. */
    private void assertWhole(JsonNode run) throws Exception {
        assertEquals(200, controller.get("/runs").statusCode());
        assertEquals(200, controller.get("/runs/" + run.get("id").asText()).statusCode());
        assertEquals(200, controller.get("/q/metrics").statusCode());
        assertEquals(200, controller.get("/q/health/ready").statusCode());
        String local = controller.started("/runs", "{\"kind\":\"http\",\"target\":\"" + testApi()
                + "\",\"duration\":\"300ms\",\"connections\":1,\"rate\":20}");
        assertEquals("completed", ended(local).get("state").asText());
    }

    private URI testApi() {
        return URI.create("http://127.0.0.1:" + target.getAddress().getPort() + "/api/test");
    }

    /** An open-model run at 30 requests a second over {@code agents} agents. */
    private String spec(String agents, String duration) {
        return "{\"kind\":\"http\",\"target\":\"" + testApi() + "\",\"duration\":\"" + duration
                + "\",\"warmup\":\"0s\",\"connections\":3,\"threads\":3,\"rate\":30,\"timeout\":\"5s\",\"agents\":"
                + agents + "}";
    }
}
