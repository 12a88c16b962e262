package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.api.BigRecords;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAnswer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The controlling thread ends its run whatever it throws. It caught only RuntimeException: an Error (an
 * OutOfMemoryError while merging, say) killed the thread, the run's outcome never came and the run held the one
 * job slot until restart.
 */
class ControllerRunTest {

    @Test
    void anErrorOnTheControllingThreadEndsTheRunFailedNamingIt() throws Exception {
        ExecutorService executor = Executors.newCachedThreadPool();
        try (FakeAgent agent = FakeAgent.start("fake", "1")) {
            HttpClient http = HttpClient.newBuilder().executor(executor).build();
            ObjectMapper json = BigRecords.mapper();
            AgentClient client = new AgentClient(http, json, new SystemNanoClock(), "t", Duration.ofSeconds(3));
            NanoClock failing = () -> {
                throw new OutOfMemoryError("planted by the test");
            };
            ControllerRun run = new ControllerRun(new DistributedRunSpec("1", BigRecords.spec()), new HttpKind(null, null, null),
                    List.of(new AgentEndpoint(URI.create(agent.url()))), client, json, failing, "1").start();

            RunOutcome outcome = run.done().toCompletableFuture().get(30, TimeUnit.SECONDS);

            assertNotNull(outcome.failure(), "the run ends failed");
            assertTrue(outcome.failure().contains("OutOfMemoryError"), outcome.failure());
            assertFalse(outcome.cancelled());
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * An agent that refuses its part after the agreed start (its start call took the lead) fails alone: the agents
     * already started keep their lines and the run ends partial with a report, not refused without one.
     */
    @Test
    void anAgentRefusingItsPartAfterTheStartFailsAloneAndTheReportIsKept() throws Exception {
        ExecutorService executor = Executors.newCachedThreadPool();
        AtomicLong skew = new AtomicLong();
        NanoClock clock = () -> System.nanoTime() + skew.get();
        try (FakeAgent started = FakeAgent.start("started", "1"); FakeAgent late = FakeAgent.start("late", "1")) {
            late.on(FakeAgent.Endpoint.START, r -> {
                skew.addAndGet(TimeUnit.SECONDS.toNanos(10)); // the call took the whole lead and more
                return FakeAnswer.of(500, "{\"error\":\"too late\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            });
            HttpClient http = HttpClient.newBuilder().executor(executor).build();
            ObjectMapper json = BigRecords.mapper();
            AgentClient client = new AgentClient(http, json, clock, "t", Duration.ofSeconds(3));
            HttpRunSpec spec = new HttpRunSpec(URI.create("http://127.0.0.1:9/api"), "GET", java.util.Map.of(), null, 2, 2,
                    Duration.ofSeconds(30), Duration.ZERO, 0, true, Duration.ofSeconds(2));
            ControllerRun run = new ControllerRun(new DistributedRunSpec("2", spec), new HttpKind(null, null, null),
                    List.of(new AgentEndpoint(URI.create(started.url())), new AgentEndpoint(URI.create(late.url()))),
                    client, json, clock, "1").start();

            RunOutcome outcome = run.done().toCompletableFuture().get(60, TimeUnit.SECONDS);

            assertNotNull(outcome.failure(), "the run ends failed");
            assertTrue(outcome.failure().contains("late") && outcome.failure().contains("refused its part"), outcome.failure());
            DistributedReport report = (DistributedReport) outcome.report();
            assertNotNull(report, "the started agent's part is kept in a report: " + outcome.failure());
            assertTrue(report.partial());
            assertEquals(List.of("started", "late"), report.agents().stream().map(a -> a.name()).toList());
            assertNotNull(report.agents().get(1).failure());
            assertTrue(started.calls(FakeAgent.Endpoint.CANCEL) >= 1, "the started part was stopped");
        } finally {
            executor.shutdownNow();
        }
    }
}
