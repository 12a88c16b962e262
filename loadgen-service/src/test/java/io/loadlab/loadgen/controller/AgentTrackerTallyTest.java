package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.distributed.PhaseTotals;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.testsupport.FakeAgent;
import io.loadlab.testsupport.FakeAgent.Endpoint;
import io.loadlab.testsupport.FakeAnswer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An agent whose interval counts its own histograms contradict (issue 42: a proxy multiplied one agent's counters by
 * 10, 5,500 requests reported of a merged histogram of 800) fails alone, naming the figure, and none of its intervals
 * is kept: the first inflated one passed, as one interval alone cannot tell.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentTrackerTallyTest {

    private static final long SECOND = 1_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private FakeAgent fake;
    private AgentClient client;

    @BeforeAll
    void start() {
        fake = FakeAgent.start("inflated", "1");
        client = new AgentClient(HttpClient.newHttpClient(), JSON, new SystemNanoClock(), "t", Duration.ofSeconds(3));
    }

    @AfterAll
    void stop() {
        fake.close();
    }

    @BeforeEach
    void reset() {
        fake.reset();
    }

    @Test
    void countsTenTimesTheHistogramsFailTheAgentAndNoneOfItsFiguresAreKept() throws Exception {
        answer(new IntervalBatch("running", List.of(interval(0, 150, 15), interval(1, 150, 15)), false, 0, 0L, 0, null));
        AgentTracker t = tracker();
        t.poll();
        assertTrue(t.failed());
        String failure = t.delivery().failure();
        assertTrue(failure.contains("COMPLETED 150") && failure.contains("hold 30"), failure);
        assertEquals(List.of(), t.delivery().intervals(), "the inflated interval 0 is not kept either");
        PhaseTotals measured = new PhaseTotals();
        t.addMeasured(measured);
        assertEquals(0, measured.count(Counter.COMPLETED));
    }

    @Test
    void anHonestPartIsKeptWhole() throws Exception {
        answer(new IntervalBatch("succeeded", List.of(interval(0, 15, 12), interval(1, 15, 18)), true, 0, 0L, 0, null));
        AgentTracker t = tracker();
        t.poll();
        assertTrue(t.endedWell(), String.valueOf(t.delivery().failure()));
        assertEquals(2, t.delivery().intervals().size());
    }

    private void answer(IntervalBatch batch) throws Exception {
        String body = JSON.writeValueAsString(batch);
        fake.on(Endpoint.INTERVALS, r -> FakeAnswer.json(body));
    }

    /** A 2 s closed-model part: only its histograms bound its counts. */
    private AgentTracker tracker() {
        AgentTracker t = new AgentTracker(new AgentEndpoint(URI.create(fake.url())), "inflated", new ClockOffset(0, 0, 1),
                client, new SystemNanoClock(), 2 * SECOND, 15 * SECOND, 0, null);
        t.started("part-1", System.nanoTime());
        return t;
    }

    private static IntervalSample interval(long index, long completed, long timed) {
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(1_000_000, timed);
        String empty = HistogramCodec.encode(Histograms.newHistogram());
        return new IntervalSample(index, index * SECOND, (index + 1) * SECOND, new PhaseInterval(Map.of(), empty, null, null),
                new PhaseInterval(Map.of(Counter.SENT, completed, Counter.COMPLETED, completed), HistogramCodec.encode(h),
                        null, null));
    }
}
