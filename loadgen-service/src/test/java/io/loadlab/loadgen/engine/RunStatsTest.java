package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.LatencySummary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RunStatsTest {

    private final FakeClock clock = new FakeClock(0);
    private final PhaseStats warmup = new PhaseStats(true, false);
    private final PhaseStats measured = new PhaseStats(true, false);
    private final PhaseStats warmup2 = new PhaseStats(true, false);
    private final PhaseStats measured2 = new PhaseStats(true, false);
    private final RunStats stats = new RunStats(List.of(warmup, warmup2), List.of(measured, measured2), clock, 1_000_000_000L);

    @Test
    void warmUpNeverReachesTheMeasuredFigures() {
        warmup.increment(Counter.COMPLETED);
        warmup.recordLatency(5_000_000_000L);
        measured.add(Counter.COMPLETED, 2);
        measured2.increment(Counter.COMPLETED);
        measured.recordLatency(1_000);
        measured2.recordLatency(3_000);
        clock.advance(1_000_000_000L);
        stats.sample();

        assertEquals(3, stats.measured(Counter.COMPLETED));
        assertEquals(1, stats.warmup(Counter.COMPLETED));
        assertEquals(4, stats.total(Counter.COMPLETED));
        assertEquals(2, stats.latency().getTotalCount(), "the 5 s warm-up latency is not in the cumulative histogram");
        assertEquals(3_000, stats.latency().getMaxValue(), 3);
        assertEquals(3, stats.lastInterval().count(), "the interval shows whatever ran, warm-up included");
        assertEquals(4.0, stats.currentRate(), 1e-9);
    }

    @Test
    void intervalsAddUpToTheCumulativeHistogram() {
        measured.recordLatency(1_000);
        clock.advance(2_000_000_000L);
        stats.sample();
        measured2.recordLatency(2_000);
        measured2.recordServiceTime(500);
        clock.advance(2_000_000_000L);
        stats.sample();

        assertEquals(1, stats.lastInterval().count());
        assertEquals(2, stats.latency().getTotalCount());
        assertEquals(1, stats.serviceTime().getTotalCount());
        assertNull(stats.connect());
    }

    @Test
    void sampleIfDueKeepsTheLastIntervalUntilTheMinimumHasPassed() {
        measured.recordLatency(1_000);
        stats.sampleIfDue();
        assertNull(stats.lastInterval(), "too early: no sample yet");
        clock.advance(1_000_000_000L);
        stats.sampleIfDue();
        assertEquals(1, stats.lastInterval().count());
    }

    @Test
    void summaryIsInMicrosecondsWithFractionsKept() {
        measured.recordLatency(1_500);
        measured.recordLatency(2_500_000);
        stats.sample();
        LatencySummary s = LatencySummary.ofNanos(stats.latency());
        assertEquals(1.5, s.min(), 0.001);
        assertEquals(2_500, s.max(), 2.5);
        assertEquals(2, s.count());
    }

    @Test
    void valuesBeyondTheHighestTrackableAreClampedNotLost() {
        measured.recordLatency(Long.MAX_VALUE);
        measured.recordLatency(-5);
        stats.sample();
        assertEquals(2, stats.latency().getTotalCount());
    }

    @Test
    void measuredErrorsAreExactlyTheErrorCountersOfTheMeasuredPart() {
        long expected = 0;
        for (Counter c : Counter.values()) {
            measured.add(c, c.ordinal() + 1);
            warmup.add(c, 1_000);
            if (c.error()) {
                expected += c.ordinal() + 1;
            }
        }
        assertEquals(expected, stats.measuredErrors());
        assertEquals(List.of(Counter.CONNECT_ERRORS, Counter.TIMEOUTS, Counter.READ_WRITE_ERRORS, Counter.STATUS_3XX,
                Counter.STATUS_4XX, Counter.STATUS_5XX, Counter.TLS_ERRORS, Counter.STREAM_RESETS, Counter.GOAWAY_ERRORS),
                java.util.Arrays.stream(Counter.values()).filter(Counter::error).toList());
    }
}
