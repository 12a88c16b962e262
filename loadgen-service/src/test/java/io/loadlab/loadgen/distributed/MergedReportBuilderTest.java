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

    /** One agent's figures for one name: {@code requests} answered at {@code nanos}, one timeout. */
    private static io.loadlab.loadgen.http.RequestReport named(String name, int weight, long requests, long nanos) {
        Histogram h = new Histogram(3); // an auto-resizing one, as a name's recorder keeps
        h.setAutoResize(true);
        h.recordValueWithCount(nanos, requests);
        return new io.loadlab.loadgen.http.RequestReport(name, weight, requests, requests / 3.0, requests + 1, 7,
                requests * 100, requests * 10, new io.loadlab.loadgen.http.HttpErrors(0, 1, 0, 0, 2, 0),
                io.loadlab.loadgen.report.LatencySummary.ofNanos(h), HistogramCodec.encode(h), null);
    }

    @Test
    void aMixIsMergedNameByNameExactly() {
        List<IntervalSample> fast = run(900, 100_000, 4);
        MergedReport r = new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED)
                .agent(new AgentDelivery("a", "a:8090", fast, true, 0.4, 0, 0, null,
                        new MixFigures(List.of(named("get", 3, 2_000, 100_000), named("post", 1, 700, 2_000_000)))))
                .agent(new AgentDelivery("b", "b:8090", run(100, 50_000_000, 4), true, 0.4, 0, 0, null,
                        new MixFigures(List.of(named("get", 3, 250, 40_000_000), named("post", 1, 50, 9_000_000)))))
                .build();

        List<io.loadlab.loadgen.http.RequestReport> mix = r.mix().names();
        assertEquals(List.of("get", "post"), mix.stream().map(io.loadlab.loadgen.http.RequestReport::name).toList());
        io.loadlab.loadgen.http.RequestReport get = mix.get(0);
        assertEquals(3, get.weight());
        assertEquals(2_250, get.requests());
        assertEquals(2_252, get.sent());
        assertEquals(14, get.warmupRequests());
        assertEquals(225_000, get.bytesReceived());
        assertEquals(2, get.errors().timeout());
        assertEquals(4, get.errors().status4xx());
        assertEquals(750.0, get.requestsPerSecond(), 1e-9, "over the longest measured time, as the totals");
        Histogram both = HistogramCodec.decode(get.latencyHistogram());
        assertEquals(2_250, both.getTotalCount(), "every request of both agents, bucket for bucket");
        assertEquals(2_250, get.latencyMicros().count());
        assertEquals(40_000, get.latencyMicros().max(), 40, "agent b's slow ones");
        assertEquals(100, get.latencyMicros().p50(), 1, "from the merged histogram: agent a's bulk");
        assertEquals(750, mix.get(1).requests());
        assertTrue(mix.get(1).series().isEmpty(), "no per-second series, as the merged totals have none");
        assertTrue(new MergedReportBuilder(WARMUP, DURATION, Counter.COMPLETED).agent(agent("a", fast, true, null))
                .build().mix().isEmpty(), "no mix, none merged");
    }

    @Test
    void anUnreadableMixIsRefused() {
        io.loadlab.loadgen.http.RequestReport bad = new io.loadlab.loadgen.http.RequestReport("get", 1, 1, 1, 1, 0, 0, 0,
                null, null, "bm90IGEgaGlzdG9ncmFt", null);
        IntervalBatch batch = new IntervalBatch("succeeded", List.of(), true, 0, 0L, 0, null, List.of(bad));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> MixFigures.delivered(batch));
        IntervalBatch twice = new IntervalBatch("succeeded", List.of(), true, 0, 0L, 0, null,
                List.of(named("get", 1, 1, 1_000), named("get", 1, 1, 1_000)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> MixFigures.delivered(twice));
        assertEquals(MixFigures.NONE, MixFigures.delivered(new IntervalBatch("running", List.of(), false, 0, 0L, 0, null)));
    }

    /** The mix travels in an agent's last batch and is kept with the merged report: both read back as written. */
    @Test
    void aMixReadsBackFromItsJson() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        MixFigures mix = new MixFigures(List.of(named("get", 3, 20, 100_000)));
        String text = json.writeValueAsString(mix);
        assertTrue(text.startsWith("[{\"name\":\"get\""), text);
        assertEquals(mix, json.readValue(text, MixFigures.class));
        IntervalBatch batch = new IntervalBatch("succeeded", List.of(), true, 0, 0L, 0.5, null, mix.names());
        assertEquals(batch, json.readValue(json.writeValueAsString(batch), IntervalBatch.class));
        assertFalse(json.writeValueAsString(new IntervalBatch("running", List.of(), false, 0, 0L, 0, null)).contains("mix"),
                "no mix, no field");
    }
}
