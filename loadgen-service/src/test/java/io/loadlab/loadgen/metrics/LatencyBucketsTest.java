package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.engine.Histograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exact counts per bucket from known HdrHistograms, as {@code /q/metrics} shows them. */
class LatencyBucketsTest {

    private static final int BOUNDS = LatencyBuckets.BOUNDS_SECONDS.length;

    @Test
    void boundsAreIncreasingFrom50MicrosTo60SecondsAndFew() {
        assertEquals(0.00005, LatencyBuckets.BOUNDS_SECONDS[0]);
        assertEquals(60, LatencyBuckets.BOUNDS_SECONDS[BOUNDS - 1]);
        assertTrue(BOUNDS <= 30, "bounds: " + BOUNDS);
        for (int i = 1; i < BOUNDS; i++) {
            double ratio = LatencyBuckets.BOUNDS_SECONDS[i] / LatencyBuckets.BOUNDS_SECONDS[i - 1];
            assertTrue(ratio > 1 && ratio <= 2, "bound " + i + " is " + ratio + " times the one before");
        }
    }

    @Test
    void eachValueLandsInTheFirstBucketAtOrAboveIt() {
        Histogram h = Histograms.newHistogram();
        h.recordValueWithCount(10_000, 3);          // 10 µs: below the first bound
        h.recordValueWithCount(45_000, 2);          // 45 µs: the first bucket too
        h.recordValueWithCount(150_000, 5);         // 150 µs: le 0.0002
        h.recordValueWithCount(900_000, 7);         // 900 µs: le 0.001
        h.recordValueWithCount(2_500_000_000L, 1);  // 2.5 s: le 3
        h.recordValueWithCount(120_000_000_000L, 4); // 2 min: +Inf only
        LatencyBuckets b = new LatencyBuckets();
        b.add(h);

        long[] expected = new long[BOUNDS + 1];
        expected[0] = 5;
        expected[2] = 5;
        expected[5] = 7;
        expected[19] = 1;
        expected[BOUNDS] = 4;
        long running = 0;
        for (int i = 0; i < expected.length; i++) {
            running += expected[i];
            expected[i] = running;
        }
        assertArrayEquals(expected, b.cumulative());
        assertEquals(22, b.count());
        assertEquals(3, LatencyBuckets.BOUNDS_SECONDS[19], "2.5 s is counted under le 3");
        assertEquals(3 * 10e-6 + 2 * 45e-6 + 5 * 150e-6 + 7 * 900e-6 + 2.5 + 4 * 120, b.sumSeconds(), 0.001 * 485);
    }

    /**
     * HdrHistogram keeps 1 ms as one of 999,936..1,000,447 ns (3 digits) and reports it as the highest, 1,000,447:
     * above 1 ms, so in the bucket above, as its own percentiles say; within 0.1% of the bound either way.
     */
    @Test
    void aValueOnABoundIsWhereHdrHistogramReportsIt() {
        Histogram h = Histograms.newHistogram();
        h.recordValue(1_000_000);
        assertTrue(h.getValueAtPercentile(100) > 1_000_000, "HdrHistogram reports " + h.getValueAtPercentile(100));
        LatencyBuckets b = new LatencyBuckets();
        b.add(h);
        assertEquals(0, b.cumulative()[5], "le 0.001");
        assertEquals(1, b.cumulative()[6], "le 0.002");
    }

    @Test
    void intervalsAddUpToTheirSum() {
        Histogram first = Histograms.newHistogram();
        Histogram second = Histograms.newHistogram();
        for (int i = 1; i <= 1_000; i++) {
            first.recordValue(i * 37_000L);
            second.recordValue(i * 91_000L);
        }
        Histogram both = first.copy();
        both.add(second);
        LatencyBuckets apart = new LatencyBuckets();
        apart.add(first);
        apart.add(second);
        LatencyBuckets together = new LatencyBuckets();
        together.add(both);
        assertArrayEquals(together.cumulative(), apart.cumulative());
        assertEquals(2_000, apart.count());
        assertEquals(together.sumSeconds(), apart.sumSeconds(), 1e-9);
    }

    @Test
    void anEmptyHistogramAddsNothing() {
        LatencyBuckets b = new LatencyBuckets();
        b.add(Histograms.newHistogram());
        assertEquals(0, b.count());
        assertEquals(0.0, b.sumSeconds());
    }
}
