package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MergedReportBuilderTest {

    private static final long S = 1_000_000_000L;
    private static final Duration WARMUP = Duration.ofSeconds(1);
    private static final Duration DURATION = Duration.ofSeconds(3);

    /** One agent's run: a warm-up second then three measured seconds, each answering {@code perSecond} at {@code nanos}. */
    private static List<IntervalSample> run(int perSecond, long nanos, int seconds) {
        List<IntervalSample> out = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            boolean warm = i == 0;
            Histogram h = Histograms.newHistogram();
            h.recordValueWithCount(nanos + i, perSecond);
            PhaseInterval busy = new PhaseInterval(Map.of(Counter.COMPLETED, (long) perSecond, Counter.TIMEOUTS, 1L),
                    HistogramCodec.encode(h), null, null);
            PhaseInterval idle = new PhaseInterval(Map.of(), HistogramCodec.encode(Histograms.newHistogram()), null, null);
            out.add(new IntervalSample(i, i * S, (i + 1) * S, warm ? busy : idle, warm ? idle : busy));
        }
        return out;
    }

    private static AgentDelivery agent(String name, List<IntervalSample> intervals, boolean complete, String failure) {
        return new AgentDelivery(name, name + ":8090", intervals, complete, 0.4, 300_000, 20_000, failure);
    }

    @Test
    void theMergedHistogramIsTheSumOfTheAgentsBucketForBucket() {
        List<IntervalSample> fast = run(900, 100_000, 4);
        List<IntervalSample> slow = run(100, 50_000_000, 4);
        MergedReport r = new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED)
                .agent(agent("agent-0", fast, true, null))
                .agent(agent("agent-1", slow, true, null))
                .build();

        Histogram expected = Histograms.newHistogram();
        expected.add(IntervalMerge.total(fast).measured().latency());
        expected.add(IntervalMerge.total(slow).measured().latency());
        assertEquals(expected, HistogramCodec.decode(r.histogram()));
        assertEquals(3_000, r.requests());
        assertEquals(1_000, r.warmupRequests());
        assertEquals(r.requests(), r.latencyMicros().count(), "the histogram holds every measured request");
        assertEquals(6, r.errors(), "one timeout a second on each agent");
        assertEquals(1_000.0, r.requestsPerSecond(), 1e-9);
        assertFalse(r.partial());
        assertNull(r.failure());

        AgentSummary a0 = r.agents().get(0);
        assertEquals("agent-0", a0.name());
        assertEquals(2_700, a0.requests());
        assertEquals(900.0, a0.requestsPerSecond(), 1e-9);
        assertEquals(3, a0.errors());
        assertEquals(320.0, a0.startSkewMicros(), 1e-9, "lateness plus the clock's error bound");
        assertEquals(50_000, r.agents().get(1).latencyMicros().p50(), 50);
    }

    @Test
    void percentilesComeFromTheMergedHistogramNeverFromAnAverage() {
        MergedReport r = new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED)
                .agent(agent("a", run(900, 100_000, 4), true, null))
                .agent(agent("b", run(100, 50_000_000, 4), true, null))
                .build();
        double averagedP50 = (r.agents().get(0).latencyMicros().p50() + r.agents().get(1).latencyMicros().p50()) / 2;
        assertEquals(100, r.latencyMicros().p50(), 1, "90% of all requests took 100 us");
        assertTrue(averagedP50 > 20_000, "an average of the agents' p50s would have said " + averagedP50);
        assertEquals(50_000, r.latencyMicros().p99(), 50);
    }

    @Test
    void aFailedAgentMakesThePartialReportThatKeepsWhatEveryAgentDelivered() {
        List<IntervalSample> cut = run(100, 1_000_000, 4).subList(0, 2); // died after its first measured second
        MergedReport r = new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED)
                .agent(agent("agent-0", run(100, 1_000_000, 4), true, null))
                .agent(agent("agent-1", cut, false, "no answer for 5 s"))
                .agent(agent("agent-2", run(100, 1_000_000, 4), true, null))
                .build();

        assertTrue(r.partial());
        assertEquals("agent agent-1 (agent-1:8090) failed: no answer for 5 s", r.failure());
        assertEquals(700, r.requests(), "300 + 100 + 300: the dead agent's delivered second is kept");
        assertEquals(3, r.agents().size());
        AgentSummary dead = r.agents().get(1);
        assertEquals(100, dead.requests());
        assertEquals(100.0, dead.requestsPerSecond(), 1e-9, "over the one measured second it delivered");
        assertEquals("no answer for 5 s", dead.failure());
    }

    @Test
    void anAgentStillDeliveringMakesTheReportPartialWithoutAFailure() {
        MergedReport r = new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED)
                .agent(agent("a", run(10, 1_000, 2), false, null))
                .build();
        assertTrue(r.partial());
        assertNull(r.failure());
    }

    @Test
    void mergingByIndexAddsEachSecondAcrossAgents() {
        List<MergedInterval> merged = IntervalMerge.byIndex(List.of(run(900, 100_000, 4), run(100, 1_000, 3)));
        assertEquals(4, merged.size());
        assertEquals(2, merged.get(2).agents());
        assertEquals(1_000, merged.get(2).measured().count(Counter.COMPLETED));
        assertEquals(1_000, merged.get(2).measured().latency().getTotalCount());
        assertEquals(1, merged.get(3).agents(), "the second agent delivered no interval 3 (yet)");
        assertEquals(900, merged.get(3).measured().count(Counter.COMPLETED));
    }
}
