package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The controller's side of the agent API against a stand-in agent on loopback (the JDK's HTTP server), for the
 * answers a real agent does not give on demand (oversized, unreadable); {@code api.AgentApiTest} makes these calls
 * against the real agent resource.
 */
class AgentClientTest {

    private static final String TOKEN = "s3cret";

    private final ObjectMapper json = new ObjectMapper();
    private final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
    private final SystemNanoClock clock = new SystemNanoClock();
    private HttpServer server;
    private HttpClient http;
    private ExecutorService executor;
    private AgentClient client;
    private AgentEndpoint agent;
    private volatile String intervalsAnswer;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/agent", this::handle);
        server.start();
        executor = Executors.newCachedThreadPool();
        http = HttpClient.newBuilder().executor(executor).build(); // ours, so the test ends its threads (no close() in 17)
        client = new AgentClient(http, json, clock, TOKEN, Duration.ofSeconds(5));
        agent = new AgentEndpoint(URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
    }

    @AfterEach
    void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange ex) throws IOException {
        long received = clock.nanoTime();
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String line = ex.getRequestMethod() + " " + ex.getRequestURI();
        seen.add(line + (body.isEmpty() ? "" : " " + body));
        if (!("Bearer " + TOKEN).equals(auth)) {
            answer(ex, 401, "{\"code\":401,\"msg\":\"missing or wrong token\"}");
            return;
        }
        switch (line.replaceAll("\\?.*", "")) {
            case "GET /agent/info" -> answer(ex, 200, "{\"name\":\"agent-0\",\"version\":\"0.1.0\",\"ready\":true,\"cores\":2}");
            case "GET /agent/clock" -> answer(ex, 200,
                    "{\"receivedNanos\":" + (received + 5_000_000_000L) + ",\"repliedNanos\":" + (clock.nanoTime() + 5_000_000_000L) + "}");
            case "POST /agent/runs" -> answer(ex, 201, "{\"id\":\"run-7\",\"startAtNanos\":42}");
            case "GET /agent/runs/run-7/intervals" -> answer(ex, 200, intervalsAnswer);
            case "POST /agent/runs/run-7/heartbeat", "DELETE /agent/runs/run-7" -> answer(ex, 204, null);
            case "GET /agent/runs/broken/intervals" -> answer(ex, 500, "x".repeat(2_000));
            default -> answer(ex, 404, "{}");
        }
    }

    private static void answer(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            ex.getResponseBody().write(bytes);
        }
        ex.close();
    }

    @Test
    void everyCallCarriesTheTokenAndHasItsShape() throws Exception {
        AgentInfo info = client.info(agent);
        assertEquals("agent-0", info.name());
        assertNull(info.refusal("0.1.0"));
        assertTrue(info.refusal("0.2.0").contains("agent agent-0 runs version 0.1.0, the controller 0.2.0"));

        ObjectNode spec = json.createObjectNode().put("kind", "http").put("connections", 4);
        AgentRunStarted started = client.start(agent, new AgentRunRequest("ctl-1", spec, 123_456L, 5_000));
        assertEquals("run-7", started.id());
        client.heartbeat(agent, "run-7");
        client.cancel(agent, "run-7");

        List<String> calls = List.copyOf(seen);
        assertEquals("GET /agent/info", calls.get(0));
        assertEquals("POST /agent/runs {\"controllerRunId\":\"ctl-1\",\"spec\":{\"kind\":\"http\",\"connections\":4},"
                + "\"startAtNanos\":123456,\"leaseMillis\":5000}", calls.get(1));
        assertEquals("POST /agent/runs/run-7/heartbeat", calls.get(2));
        assertEquals("DELETE /agent/runs/run-7", calls.get(3));
    }

    @Test
    void theClockOffsetOfALoopbackAgentFiveSecondsAheadIsFoundWithinItsBound() throws Exception {
        ClockOffset o = client.clockOffset(agent, 8);
        assertEquals(8, o.samples());
        assertTrue(Math.abs(o.offsetNanos() - 5_000_000_000L) <= o.errorNanos(), o.toString());
        assertEquals(8, seen.size());
    }

    @Test
    void intervalsTravelIntactHistogramsIncluded() throws Exception {
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(123_000, 17);
        PhaseInterval measured = new PhaseInterval(Map.of(Counter.COMPLETED, 17L, Counter.STATUS_5XX, 2L),
                HistogramCodec.encode(h), HistogramCodec.encode(h), null);
        PhaseInterval warm = new PhaseInterval(Map.of(), HistogramCodec.encode(Histograms.newHistogram()), null, null);
        IntervalBatch sent = new IntervalBatch("running", List.of(new IntervalSample(3, 3_000_000_100L, 4_000_000_200L,
                warm, measured)), false, 0, 150_000L, 0.25, null);
        intervalsAnswer = json.writeValueAsString(sent);

        IntervalBatch got = client.intervals(agent, "run-7", 3);
        assertEquals(sent, got);
        assertEquals(h, HistogramCodec.decode(got.intervals().get(0).measured().latency()));
        assertTrue(seen.contains("GET /agent/runs/run-7/intervals?from=3"), seen.toString());
    }

    @Test
    void aRefusalNamesTheAgentTheCallAndTheStatusWithABoundedQuote() {
        AgentCallException e = assertThrows(AgentCallException.class, () -> client.intervals(agent, "broken", 0));
        assertEquals(500, e.status());
        assertTrue(e.getMessage().startsWith("agent " + agent.address() + ": GET /agent/runs/broken/intervals answered 500: "),
                e.getMessage());
        assertTrue(e.getMessage().length() < 500, "quoted up to " + AgentCallException.MAX_QUOTED + " characters");

        AgentClient wrongToken = new AgentClient(http, json, clock, "guess", Duration.ofSeconds(5));
        assertEquals(401, assertThrows(AgentCallException.class, () -> wrongToken.info(agent)).status());
    }

    @Test
    void anAgentThatIsGoneIsACallFailureNamingIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        AgentEndpoint gone = new AgentEndpoint(URI.create("http://127.0.0.1:" + port));
        AgentCallException e = assertThrows(AgentCallException.class, () -> client.info(gone));
        assertEquals(0, e.status());
        assertTrue(e.getMessage().startsWith("agent 127.0.0.1:" + port + ": GET /agent/info failed"), e.getMessage());
    }

    @Test
    void aRunIdFromAnAnswerCannotWalkOutOfItsPath() {
        assertThrows(IllegalArgumentException.class, () -> client.heartbeat(agent, "../../q/metrics"));
    }
}
