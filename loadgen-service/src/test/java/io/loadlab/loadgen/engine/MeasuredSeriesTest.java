package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class MeasuredSeriesTest {

    private static final long MS = 1_000_000;

    /** An interval whose measured part completed {@code done} requests, each taking {@code micros}. */
    private static IntervalSample interval(long index, long done, long micros, long timeouts) {
        Histogram h = new Histogram(3);
        if (done > 0) {
            h.recordValueWithCount(micros * 1_000, done);
        }
        PhaseInterval m = new PhaseInterval(Map.of(Counter.COMPLETED, done, Counter.TIMEOUTS, timeouts,
                Counter.PONGS_REQUESTED, done + 2), HistogramCodec.encode(h), null, null);
        PhaseInterval w = new PhaseInterval(Map.of(Counter.COMPLETED, 99L), HistogramCodec.encode(new Histogram(3)), null, null);
        return new IntervalSample(index, index * 1_000 * MS, (index + 1) * 1_000 * MS, w, m);
    }

    private static IntervalSeries series(IntervalSample... samples) {
        IntervalSeries s = new IntervalSeries(10);
        for (int i = 0; i < samples.length; i++) {
            s.append(samples[i], i == samples.length - 1);
        }
        return s;
    }

    @Test
    void aPointPerSecondTheMeasuredPartTouchesAndTheDrainGoesToTheLast() {
        // 300 ms warm-up, 2 s measured: the run's seconds 0, 1 and 2; interval 3 is the drain closed at the end.
        RunSeries s = MeasuredSeries.of(series(interval(0, 7, 100, 0), interval(1, 10, 200, 1), interval(2, 3, 300, 0),
                interval(3, 1, 900, 0)), 300 * MS, 2_000 * MS, Counter.COMPLETED, false);

        assertEquals(3, s.points().size());
        assertEquals(7, s.points().get(0).requests());
        assertEquals(10, s.points().get(1).requests());
        assertEquals(1, s.points().get(1).errors(), "a timeout is an error");
        assertEquals(4, s.points().get(2).requests(), "interval 2 and the drain");
        assertEquals(300.0, s.points().get(2).p50Micros(), 0.5);
        assertEquals(900.0, s.points().get(2).maxMicros(), 0.5);
        assertNull(s.points().get(0).lost(), "no loss where the kind asks no pongs");
        assertEquals(21, s.points().stream().mapToLong(SeriesPoint::requests).sum(), "adds up to the report");
    }

    @Test
    void warmUpOnlySecondsAreLeftOutAndAMissedSecondIsZeros() {
        // 1.5 s warm-up, 2 s measured: the run's seconds 1, 2 and 3; the ticker missed second 2.
        RunSeries s = MeasuredSeries.of(series(interval(0, 0, 0, 0), interval(1, 5, 100, 0), interval(3, 8, 100, 0)),
                1_500 * MS, 2_000 * MS, Counter.COMPLETED, true);

        assertEquals(3, s.points().size());
        assertEquals(5, s.points().get(0).requests());
        assertEquals(new SeriesPoint(1, 0, 0, 0, 0, 0, 0L), s.points().get(1));
        assertEquals(8, s.points().get(2).requests());
        assertEquals(2L, s.points().get(2).lost(), "pongs asked for minus pongs back");
    }

    @Test
    void noTickerOrNothingMeasuredIsNoSeries() {
        assertSame(RunSeries.EMPTY, MeasuredSeries.of(null, 0, 2_000 * MS, Counter.COMPLETED, false));
        assertSame(RunSeries.EMPTY, MeasuredSeries.of(series(interval(0, 0, 0, 0)), 0, 0, Counter.COMPLETED, false));
    }
}
