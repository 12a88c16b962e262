package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntervalSeriesTest {

    private static IntervalSample sample(long index) {
        PhaseInterval empty = new PhaseInterval(Map.of(), "", null, null);
        return new IntervalSample(index, index, index + 1, empty, empty);
    }

    /** An interval whose measured part completed {@code values} requests of {@code micros} µs each (real histograms). */
    private static IntervalSample measured(long index, long values, long micros) {
        Histogram h = new Histogram(3);
        if (values > 0) {
            h.recordValueWithCount(micros * 1_000, values);
        }
        PhaseInterval m = new PhaseInterval(Map.of(Counter.COMPLETED, values, Counter.TIMEOUTS, index % 3),
                HistogramCodec.encode(h), null, null);
        PhaseInterval w = new PhaseInterval(Map.of(), HistogramCodec.encode(new Histogram(3)), null, null);
        return new IntervalSample(index, index, index + 1, w, m);
    }

    @Test
    void keepsTheNewestWithinItsCapacityAndCountsWhatItDropped() {
        IntervalSeries series = new IntervalSeries(3);
        for (long i = 0; i < 5; i++) {
            series.append(sample(i), i == 4);
        }
        assertEquals(3, series.all().size());
        assertEquals(2, series.all().get(0).index());
        assertEquals(2, series.dropped());
        assertTrue(series.finished());
    }

    @Test
    void sinceReturnsTheIntervalsFromAnIndexOn() {
        IntervalSeries series = new IntervalSeries(10);
        series.append(sample(0), false);
        series.append(sample(2), false);
        series.append(sample(3), false);
        assertEquals(2, series.since(1).size());
        assertEquals(2, series.since(1).get(0).index());
        assertEquals(0, series.since(4).size());
        assertFalse(series.finished());
    }

    /**
     * Memory stays flat: after {@code n} appends the series holds {@code min(n, window)} intervals whole and the rest,
     * up to the capacity, as digests, whatever {@code n}.
     */
    @Test
    void keepsItsWindowWholeAndTheOlderIntervalsAsDigestsUpToItsCapacity() {
        IntervalSeries series = new IntervalSeries(7, 3);
        for (int n = 1; n <= 20; n++) {
            series.append(measured(n - 1, n, 10), false);
            assertEquals(Math.min(n, 3), series.all().size(), "whole after " + n);
            assertEquals(Math.min(n, 7) - Math.min(n, 3), series.digests().size(), "digests after " + n);
            assertEquals(Math.max(0, n - 7), series.dropped(), "dropped after " + n);
        }
        assertEquals(List.of(17L, 18L, 19L), series.all().stream().map(IntervalSample::index).toList());
        assertEquals(List.of(13L, 14L, 15L, 16L), series.digests().stream().map(IntervalDigest::index).toList());
    }

    @Test
    void anHourOfSecondsKeepsFiveMinutesWholeAndTheFirstTwoLatenciesOfTheRest() {
        IntervalSeries series = new IntervalSeries(IntervalSeries.DEFAULT_CAPACITY);
        IntervalSample warmupOnly = measured(0, 0, 0);
        series.append(warmupOnly, false);
        IntervalSample[] shared = {measured(0, 5, 100), measured(0, 7, 300)}; // one encoding each, for speed
        for (long i = 1; i < IntervalSeries.DEFAULT_CAPACITY; i++) {
            IntervalSample like = shared[(int) (i % 2)];
            series.append(new IntervalSample(i, i, i + 1, like.warmup(), like.measured()), false);
        }

        assertEquals(IntervalSeries.RAW_WINDOW, series.all().size());
        List<IntervalDigest> digests = series.digests();
        assertEquals(IntervalSeries.DEFAULT_CAPACITY - IntervalSeries.RAW_WINDOW, digests.size());
        assertEquals(0, series.dropped());
        assertNull(digests.get(0).latency(), "no latency to keep in a warm-up-only interval");
        assertNotNull(digests.get(1).latency(), "the first with latencies");
        assertNotNull(digests.get(2).latency(), "the second");
        assertEquals(2, digests.stream().filter(d -> d.latency() != null).count(), "and no more");
        IntervalDigest d = digests.get(3);
        assertEquals(3, d.index());
        assertEquals(7, d.count(Counter.COMPLETED));
        assertEquals(0, d.count(Counter.TIMEOUTS), "the shared interval's own, 0 % 3");
        assertEquals(7, d.values());
        Histogram h = HistogramCodec.decode(shared[1].measured().latency());
        assertEquals(h.getValueAtPercentile(50), d.p50Nanos());
        assertEquals(h.getValueAtPercentile(99), d.p99Nanos());
        assertEquals(h.getMaxValue(), d.maxNanos());
    }

    @Test
    void aReaderBehindTheWindowGetsWhatIsWholeAndIsToldWhatItMissed() {
        IntervalSeries series = new IntervalSeries(7, 3);
        for (long i = 0; i < 10; i++) {
            series.append(measured(i, 1, 10), false); // 0..2 dropped, 3..6 digested, 7..9 whole
        }
        assertEquals(new RecentIntervals(series.since(8), 0), series.recent(8));
        assertEquals(2, series.recent(8).intervals().size());
        assertEquals(0, series.recent(7).missed(), "a reader that kept up misses nothing");
        assertEquals(3, series.recent(7).intervals().size());
        assertEquals(2, series.recent(5).missed(), "digests 5 and 6");
        assertEquals(List.of(7L, 8L, 9L), series.recent(5).intervals().stream().map(IntervalSample::index).toList());
        assertEquals(4 + 1, series.recent(2).missed(), "the 4 digests and dropped interval 2");
        assertEquals(4 + 3, series.recent(0).missed(), "everything before the whole ones");
        assertEquals(0, series.recent(10).missed());
        assertEquals(0, series.recent(10).intervals().size());
    }

    @Test
    void aSeriesWhoseWindowIsItsCapacityKeepsEveryIntervalWhole() {
        IntervalSeries series = new IntervalSeries(IntervalSeries.DEFAULT_CAPACITY, IntervalSeries.DEFAULT_CAPACITY);
        IntervalSample like = measured(0, 3, 50);
        List<IntervalSample> all = new ArrayList<>();
        for (long i = 0; i < 1_000; i++) {
            all.add(new IntervalSample(i, i, i + 1, like.warmup(), like.measured()));
        }
        series.appendAll(all);
        assertEquals(1_000, series.all().size());
        assertEquals(0, series.digests().size());
        assertEquals(0, series.recent(0).missed());
        assertThrows(IllegalArgumentException.class, () -> new IntervalSeries(10, 11));
        assertThrows(IllegalArgumentException.class, () -> new IntervalSeries(10, 0));
    }

    @Test
    void refusesAnIndexThatDoesNotIncrease() {
        IntervalSeries series = new IntervalSeries(10);
        series.append(sample(1), false);
        assertThrows(IllegalArgumentException.class, () -> series.append(sample(1), false));
    }

    @Test
    void aPhaseIntervalHasEveryCounterAndRefusesNegativeOnes() {
        PhaseInterval p = new PhaseInterval(Map.of(Counter.SENT, 4L), "", null, null);
        assertEquals(4, p.count(Counter.SENT));
        assertEquals(0, p.count(Counter.TIMEOUTS));
        assertThrows(IllegalArgumentException.class, () -> new PhaseInterval(Map.of(Counter.SENT, -1L), "", null, null));
    }
}
