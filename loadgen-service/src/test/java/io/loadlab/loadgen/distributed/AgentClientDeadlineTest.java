package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAgent.Endpoint;
import io.loadlab.testsupport.FakeAnswer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's deadline covers the whole exchange and its cap what is read (issue 22), against a {@link FakeAgent}
 * that stalls after the headers, drips, or floods. Before, a stalled body held the call for ever: HttpRequest's
 * timeout covers the headers only.
 */
class AgentClientDeadlineTest {

    private ExecutorService executor;
    private FakeAgent fake;
    private AgentClient client;
    private AgentEndpoint agent;

    @BeforeEach
    void start() {
        fake = FakeAgent.start("fake", "1");
        executor = Executors.newCachedThreadPool();
        HttpClient http = HttpClient.newBuilder().executor(executor).build();
        client = new AgentClient(http, new ObjectMapper(), new SystemNanoClock(), "t", Duration.ofSeconds(1));
        agent = new AgentEndpoint(URI.create(fake.url()));
    }

    @AfterEach
    void stop() {
        fake.close();
        executor.shutdownNow();
    }

    @Test
    void aBodyThatStallsAfterTheHeadersFailsTheCallAtItsDeadline() {
        fake.on(Endpoint.INFO, r -> FakeAnswer.stallAfter("{\"na", 1000));
        AgentCallException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(AgentCallException.class, () -> client.info(agent)));
        assertTrue(e.getMessage().contains("no whole answer within 1000 ms"), e.getMessage());
        assertTrue(e.getMessage().contains(fake.address()), e.getMessage());
    }

    @Test
    void aBodyDrippedPastTheDeadlineFailsTheCall() {
        String info = "{\"name\":\"fake\",\"version\":\"1\",\"ready\":true,\"cores\":1}";
        fake.on(Endpoint.INFO, r -> FakeAnswer.json(info).dripped(1, 100)); // 5 s for 50 bytes, each byte in time
        AgentCallException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> assertThrows(AgentCallException.class, () -> client.info(agent)));
        assertTrue(e.getMessage().contains("no whole answer"), e.getMessage());
    }

    @Test
    void anAnswerPastTheCapIsRefusedNotRead() {
        byte[] flood = new byte[AgentClient.MAX_ANSWER_BYTES + 1];
        fake.on(Endpoint.INFO, r -> FakeAnswer.of(200, flood));
        AgentCallException e = assertThrows(AgentCallException.class, () -> client.info(agent));
        assertTrue(e.getMessage().contains("answer over " + AgentClient.MAX_ANSWER_BYTES + " bytes"), e.getMessage());
    }

    @Test
    void theCapIsWhatTheLargestLegitimateBatchNeeds() {
        // 100 intervals of at most 40 KiB and 64 KiB for the rest: about 4 MiB, where it was 16
        assertEquals(IntervalBatch.MAX_INTERVALS * 40 * 1024 + 64 * 1024, AgentClient.MAX_ANSWER_BYTES);
    }

    @Test
    void aSlowButWholeAnswerWithinTheDeadlineIsRead() throws Exception {
        fake.on(Endpoint.INFO, r -> FakeAnswer.json("{\"name\":\"fake\",\"version\":\"1\",\"ready\":true,\"cores\":1}")
                .after(TimeUnit.MILLISECONDS.toMillis(300)));
        assertEquals("fake", client.info(agent).name());
    }
}
