package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAgent.Endpoint;
import io.loadlab.testsupport.FakeAnswer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stop's interrupt on a healthy agent's poller (issue 42): another agent's start call stalled 3 s, so the healthy
 * agent's last answer (its start) was 3 s old when its poller began, and the stop's interrupt cut its first call. That
 * cut was read as the agent's silence: "stopped answering ... InterruptedException", 0 requests where it had measured
 * 192. The agent here is a {@link FakeAgent} that hands over those 192 once asked.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentTrackerStopTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MEASURED = 192;

    private FakeAgent fake;
    private AgentClient client;
    private final AtomicLong skew = new AtomicLong();
    private final NanoClock clock = () -> System.nanoTime() + skew.get();

    @BeforeAll
    void start() throws Exception {
        fake = FakeAgent.start("healthy", "1");
        ObjectMapper json = new ObjectMapper();
        client = new AgentClient(HttpClient.newHttpClient(), json, clock, "t", Duration.ofSeconds(3));
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(2_000_000, MEASURED);
        String empty = HistogramCodec.encode(Histograms.newHistogram());
        IntervalSample last = new IntervalSample(0, 0, 2 * SECOND, new PhaseInterval(Map.of(), empty, null, null),
                new PhaseInterval(Map.of(Counter.SENT, MEASURED, Counter.COMPLETED, MEASURED), HistogramCodec.encode(h),
                        null, null));
        String batch = json.writeValueAsString(new IntervalBatch("cancelled", List.of(last), true, 0, 0L, 0, null));
        fake.on(Endpoint.INTERVALS, r -> FakeAnswer.json(batch));
    }

    @AfterAll
    void stop() {
        fake.close();
    }

    @Test
    void aCallTheStopCutIsNotTheAgentsSilenceAndItsPartIsHandedOver() {
        AgentTracker t = new AgentTracker(new AgentEndpoint(URI.create(fake.url())), "healthy", new ClockOffset(0, 0, 1),
                client, clock, 10 * SECOND, 15 * SECOND, 0, null);
        t.started("part-1", clock.nanoTime());
        skew.addAndGet(TimeUnit.SECONDS.toNanos(4)); // the other agent's start call stalled past the 3 s quiet
        t.requestStop();
        Thread.currentThread().interrupt(); // the stop's interrupt, landing as the poll goes out
        try {
            t.poll();
        } finally {
            Thread.interrupted();
        }
        assertFalse(t.failed(), "a call the controller cut is not the agent's silence: " + t.delivery().failure());
        t.poll(); // the poller asks again, its interrupt cleared
        assertTrue(t.endedWell(), String.valueOf(t.delivery().failure()));
        assertNull(t.delivery().failure());
        assertEquals(MEASURED, t.delivery().intervals().get(0).measured().count(Counter.COMPLETED));
    }

    @Test
    void theQuietCountsFromTheFirstPollNotFromTheStartAnswer() {
        AgentTracker t = new AgentTracker(new AgentEndpoint(URI.create("http://127.0.0.1:9")), "gone",
                new ClockOffset(0, 0, 1), client, clock, 10 * SECOND, 15 * SECOND, 0, null);
        t.started("part-1", clock.nanoTime());
        skew.addAndGet(TimeUnit.SECONDS.toNanos(4)); // its poller began 4 s after its start answer
        t.pollingFrom(clock.nanoTime());
        t.poll(); // refused at once: one missed poll, not 4 s of silence
        assertFalse(t.failed(), String.valueOf(t.delivery().failure()));
        skew.addAndGet(TimeUnit.SECONDS.toNanos(4));
        t.poll();
        assertTrue(t.failed(), "quiet past 3 s since its first poll");
        assertTrue(t.delivery().failure().contains("stopped answering"), t.delivery().failure());
    }
}
