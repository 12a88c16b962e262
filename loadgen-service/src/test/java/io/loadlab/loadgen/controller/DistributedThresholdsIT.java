package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.loadlab.testsupport.FreePorts;
import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A distributed run's thresholds are judged on the controller's merged histogram, never per agent: two agents load
 * the same target name, which each resolves through its own hosts file ({@code jdk.net.hosts.file}) to a server of
 * this test's: the fast one answers at once on 127.0.0.1, the slow one after {@value #SLOW_MILLIS} ms on 127.0.0.2,
 * same port. Half the requests are slow, so the merged p99 is at least {@value #SLOW_MILLIS} ms and fails {@code
 * p99Millis < 1000}, while the fast agent's own p99 would pass it.
 */
@SystemTest
class DistributedThresholdsIT {

    /** Beside the fast agent's own p99 on a busy box (396 ms at load 15 on 2 cores, with 100 ms here): far past it. */
    static final int SLOW_MILLIS = 2000;
    /** Between the two: the merged p99 (at least {@link #SLOW_MILLIS}) fails it, the fast agent's own passes. */
    static final int LIMIT_MILLIS = 1000;
    private static final String NAME = "gate-target.test";

    @TempDir
    static Path dir;

    private static final List<AutoCloseable> opened = new ArrayList<>();
    private static int port;
    private static LoadgenService controller;

    @BeforeAll
    static void start() throws Exception {
        port = FreePorts.tcp();
        serve("127.0.0.1", 0);
        serve("127.0.0.2", SLOW_MILLIS);
        LoadgenService fast = LoadgenService.start(Files.createDirectories(dir.resolve("fast")),
                List.of("-Dloadgen.agent.name=agent-fast", hosts("fast", "127.0.0.1")));
        opened.add(fast);
        LoadgenService slow = LoadgenService.start(Files.createDirectories(dir.resolve("slow")),
                List.of("-Dloadgen.agent.name=agent-slow", hosts("slow", "127.0.0.2")));
        opened.add(slow);
        controller = LoadgenService.start(Files.createDirectories(dir.resolve("controller")),
                List.of("-Dloadgen.agents=" + fast.uri("") + "," + slow.uri(""), "-Dloadgen.agent.name=controller",
                        hosts("controller", "127.0.0.1")));
        opened.add(controller);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable c : opened) {
            c.close();
        }
    }

    /**
     * 20/s split 10/s per agent, 2 s measured: the slow agent's 20 answers each take over 2 s, half the merged
     * histogram. 20 connections per agent keep 10/s at 2 s each (20 busy at most) from queueing.
     */
    @Test
    void theMergedP99FailsAThresholdTheFastAgentAloneWouldPass() throws Exception {
        String id = controller.started("/runs", "{\"kind\":\"http\",\"target\":\"http://" + NAME + ":" + port + "/\","
                + "\"connections\":40,\"threads\":2,\"rate\":20,\"duration\":\"2s\",\"warmup\":\"0s\",\"timeout\":\"10s\","
                + "\"agents\":2,\"thresholds\":{\"p99Millis\":\"< " + LIMIT_MILLIS + "\",\"errors\":\"== 0\"}}");
        JsonNode run = controller.awaitFinished("/runs/" + id);
        assertEquals("completed", run.get("state").asText(), run.toString());
        JsonNode report = run.get("report");
        JsonNode gate = run.get("gate");
        assertFalse(gate.get("passed").asBoolean(), gate.toString());
        JsonNode p99 = gate.get("thresholds").get(0);
        assertEquals("p99Millis", p99.get("name").asText());
        assertFalse(p99.get("passed").asBoolean(), gate.toString());
        assertEquals(report.get("latencyMicros").get("p99").asDouble() / 1000, p99.get("actual").asDouble(), 1e-9,
                "judged on the merged histogram's p99: " + report);
        assertTrue(p99.get("actual").asDouble() >= SLOW_MILLIS, "half the answers took 2 s: " + gate);
        assertTrue(gate.get("thresholds").get(1).get("passed").asBoolean(), "no errors: " + report);
        JsonNode fast = agent(report, "agent-fast");
        JsonNode slow = agent(report, "agent-slow");
        assertTrue(fast.get("latencyMicros").get("p99").asDouble() / 1000 < LIMIT_MILLIS,
                "the fast agent alone would pass p99Millis < " + LIMIT_MILLIS + ": " + fast);
        assertTrue(slow.get("latencyMicros").get("p99").asDouble() / 1000 >= SLOW_MILLIS, slow.toString());
        assertEquals(report.get("requests").asLong(), fast.get("requests").asLong() + slow.get("requests").asLong());
    }

    private static JsonNode agent(JsonNode report, String name) {
        for (JsonNode a : report.get("agents")) {
            if (name.equals(a.get("name").asText())) {
                return a;
            }
        }
        throw new AssertionError("no agent " + name + " in " + report);
    }

    /** A hosts file mapping the target's name to {@code address}, as that process's only resolver. */
    private static String hosts(String who, String address) throws IOException {
        Path file = dir.resolve(who + ".hosts");
        Files.writeString(file, address + " " + NAME + "\n127.0.0.1 localhost\n");
        return "-Djdk.net.hosts.file=" + file;
    }

    /** An HTTP server on {@code address}:{@link #port} answering 200 "ok" after {@code delayMillis}. */
    private static void serve(String address, int delayMillis) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 64);
        ExecutorService pool = Executors.newFixedThreadPool(32);
        byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                if (delayMillis > 0) {
                    TimeUnit.MILLISECONDS.sleep(delayMillis);
                }
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.setExecutor(pool);
        server.start();
        opened.add(() -> {
            server.stop(0);
            pool.shutdownNow();
        });
    }
}
