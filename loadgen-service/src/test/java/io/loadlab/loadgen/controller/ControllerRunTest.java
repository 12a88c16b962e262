package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.http.HttpKind;
import io.loadlab.loadgen.api.BigRecords;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.FakeAgent;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

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
}
