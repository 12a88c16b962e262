package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an agent may report for a part of 10 s with a 15 s overrun (issue 22: counts of 9.2e18 wedged a controller). */
class IntervalBoundsTest {

    private static final long SECOND = 1_000_000_000L;
    private static final String EMPTY = HistogramCodec.encode(Histograms.newHistogram());
    private final IntervalBounds bounds = new IntervalBounds(10 * SECOND, 15 * SECOND);

    @Test
    void anHonestSecondPasses() {
        assertNull(bounds.problem(interval(0, 0, SECOND, Counter.COMPLETED, 250_000), -1));
        assertNull(bounds.problem(interval(1, SECOND, 2 * SECOND, Counter.BYTES_RECEIVED, 12_500_000_000L), SECOND));
    }

    @Test
    void theCeilingIsPerSecondOfTheInterval() {
        assertNull(bounds.problem(interval(0, 0, SECOND, Counter.COMPLETED, IntervalBounds.EVENTS_PER_SECOND), -1));
        assertNotNull(bounds.problem(interval(0, 0, SECOND, Counter.COMPLETED, IntervalBounds.EVENTS_PER_SECOND + 1), -1));
        // a stalled ticker's 3 s interval may hold 3 s of requests; a short one still a second's
        assertNull(bounds.problem(interval(2, 0, 3 * SECOND, Counter.SENT, 3 * IntervalBounds.EVENTS_PER_SECOND), -1));
        assertNull(bounds.problem(interval(0, 0, SECOND / 10, Counter.SENT, IntervalBounds.EVENTS_PER_SECOND), -1));
    }

    @Test
    void hugeCountsAreRefusedNamingTheCounter() {
        String p = bounds.problem(interval(0, 0, SECOND, Counter.COMPLETED, 9_223_372_036_854_775_000L), -1);
        assertTrue(p.contains("COMPLETED"), p);
        assertNotNull(bounds.problem(interval(0, 0, SECOND, Counter.BYTES_SENT, IntervalBounds.BYTES_PER_SECOND + 1), -1));
    }

    @Test
    void timesAndIndicesOutsideThePartAreRefused() {
        assertNotNull(bounds.problem(interval(0, -1, SECOND, Counter.SENT, 0), -1), "before the start");
        assertNotNull(bounds.problem(interval(25, 25 * SECOND, 26 * SECOND, Counter.SENT, 0), -1), "past the overrun");
        assertNotNull(bounds.problem(interval(3, SECOND, 2 * SECOND, Counter.SENT, 0), 2 * SECOND), "overlaps");
        assertNotNull(bounds.problem(interval(Long.MAX_VALUE, 0, SECOND, Counter.SENT, 0), -1), "index");
    }

    @Test
    void whatPassesCannotOverflowASumOfTheLongestRunOnEveryAgent() {
        long runNanos = 3_600 * SECOND; // loadgen.limits.max-duration
        double perAgent = IntervalBounds.BYTES_PER_SECOND * ((runNanos + 15 * SECOND) / (double) SECOND);
        assertTrue(perAgent * 64 < Long.MAX_VALUE / 2, "64 agents: " + perAgent * 64);
    }

    private static IntervalSample interval(long index, long start, long end, Counter c, long n) {
        PhaseInterval none = new PhaseInterval(Map.of(), EMPTY, null, null);
        return new IntervalSample(index, start, end, none, new PhaseInterval(Map.of(c, n), EMPTY, null, null));
    }
}
