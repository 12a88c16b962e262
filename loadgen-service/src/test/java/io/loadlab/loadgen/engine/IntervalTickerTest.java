package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntervalTickerTest {

    private static final long S = 1_000_000_000L;
    private static final long BASE = 5 * S;

    private final FakeClock clock = new FakeClock(BASE);
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final PhaseStats warmup = new PhaseStats(true, false);
    private final PhaseStats measured = new PhaseStats(true, false);
    private final RunStats stats = new RunStats(List.of(warmup), List.of(measured), clock, S);

    @Test
    void ticksAtEachWholeSecondAfterTheBaseAndClosesTheSecondJustEnded() {
        IntervalTicker ticker = IntervalTicker.start(stats, clock, scheduler, BASE, 100);
        assertEquals(BASE + S, scheduler.only().dueNanos());
        warmup.increment(Counter.COMPLETED);
        warmup.recordLatency(7_000);
        scheduler.runAt(BASE + S + 3_000_000); // fired 3 ms late
        assertEquals(BASE + 2 * S, scheduler.only().dueNanos(), "the next boundary, not 'a second after the late tick'");
        measured.add(Counter.COMPLETED, 2);
        measured.recordLatency(1_000);
        measured.recordLatency(2_000);
        measured.recordServiceTime(900);
        scheduler.runAt(BASE + 2 * S);
        ticker.stop();

        List<IntervalSample> all = stats.intervals().all();
        assertEquals(3, all.size());
        IntervalSample first = all.get(0);
        assertEquals(0, first.index());
        assertEquals(0, first.startNanos());
        assertEquals(S + 3_000_000, first.endNanos());
        assertEquals(1, first.warmup().count(Counter.COMPLETED));
        assertEquals(1, HistogramCodec.decode(first.warmup().latency()).getTotalCount());
        assertEquals(0, HistogramCodec.decode(first.measured().latency()).getTotalCount());
        IntervalSample second = all.get(1);
        assertEquals(1, second.index());
        assertEquals(first.endNanos(), second.startNanos(), "no gap between intervals");
        assertEquals(2, second.measured().count(Counter.COMPLETED));
        assertEquals(0, second.warmup().count(Counter.COMPLETED));
        assertEquals(2, HistogramCodec.decode(second.measured().latency()).getTotalCount());
        assertEquals(1, HistogramCodec.decode(second.measured().serviceTime()).getTotalCount());
        assertNull(second.measured().connect(), "connect times are not kept by this run");
        assertNull(second.warmup().serviceTime());
        assertEquals(2, all.get(2).index(), "stop closes the tail");
        assertTrue(stats.intervals().finished());
        assertEquals(0, scheduler.pendingCount(), "stopped: nothing left scheduled");
    }

    @Test
    void anEarlyTimerClosesNothingAndWaitsForTheBoundary() {
        IntervalTicker.start(stats, clock, scheduler, BASE, 100);
        scheduler.runAt(BASE + S - 1);
        assertEquals(0, stats.intervals().all().size());
        assertEquals(BASE + S, scheduler.only().dueNanos());
    }

    @Test
    void aStalledTickerClosesOneLongerIntervalUnderTheSecondItEndsIn() {
        IntervalTicker.start(stats, clock, scheduler, BASE, 100);
        measured.recordLatency(1_000);
        scheduler.runAt(BASE + 3 * S + 500_000_000L);
        List<IntervalSample> all = stats.intervals().all();
        assertEquals(1, all.size());
        assertEquals(2, all.get(0).index());
        assertEquals(3 * S + 500_000_000L, all.get(0).endNanos());
        assertEquals(BASE + 4 * S, scheduler.only().dueNanos());
    }

    @Test
    void theIntervalsAddUpToTheCumulativeHistogramBucketForBucket() {
        IntervalTicker ticker = IntervalTicker.start(stats, clock, scheduler, BASE, 100);
        for (int second = 1; second <= 5; second++) {
            for (int i = 0; i < 100 * second; i++) {
                measured.recordLatency(1_000L * (i + 1) * second);
                measured.increment(Counter.COMPLETED);
            }
            if (second == 3) {
                stats.sample(); // a progress call in between changes nothing in the intervals
            }
            scheduler.runAt(BASE + second * S);
        }
        ticker.stop();

        Histogram sum = Histograms.newHistogram();
        long completed = 0;
        for (IntervalSample s : stats.intervals().all()) {
            sum.add(HistogramCodec.decode(s.measured().latency()));
            completed += s.measured().count(Counter.COMPLETED);
        }
        assertEquals(stats.latency(), sum, "same counts in every bucket");
        assertEquals(1500, sum.getTotalCount());
        assertEquals(stats.measured(Counter.COMPLETED), completed);
    }

    @Test
    void closingWhileALoopRecordsLosesNothing() throws InterruptedException {
        IntervalTicker ticker = IntervalTicker.start(stats, clock, scheduler, BASE, 10_000);
        int values = 200_000;
        Thread writer = new Thread(() -> {
            for (int i = 0; i < values; i++) {
                measured.recordLatency(1 + i % 5_000);
                measured.increment(Counter.COMPLETED);
            }
        });
        writer.start();
        long second = 1;
        while (writer.isAlive() && second < 5_000) {
            scheduler.runAt(BASE + second++ * S);
        }
        writer.join();
        ticker.stop();

        long histogramCount = 0;
        long completed = 0;
        for (IntervalDigest d : stats.intervals().digests()) { // the seconds past the series' window of whole ones
            histogramCount += d.values();
            completed += d.count(Counter.COMPLETED);
        }
        for (IntervalSample s : stats.intervals().all()) {
            histogramCount += HistogramCodec.decode(s.measured().latency()).getTotalCount();
            completed += s.measured().count(Counter.COMPLETED);
        }
        assertEquals(values, histogramCount);
        assertEquals(values, completed);
        assertEquals(0, stats.intervals().dropped());
    }

    @Test
    void theSeriesOpensOnlyBeforeAnySample() {
        stats.sample();
        assertThrows(IllegalStateException.class, () -> IntervalTicker.start(stats, clock, scheduler, BASE, 10));
    }
}
