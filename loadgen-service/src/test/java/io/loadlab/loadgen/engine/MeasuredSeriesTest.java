package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

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

    /**
     * A long run's series, its older seconds digested: the same points, figure for figure, as from every interval
     * kept whole (the series before issue 43), including the first point (a 2 s warm-up: interval 1, closed a little
     * after it, holds the measured part's first requests and shares the point with interval 2), a second the ticker
     * missed and the drain in the last point.
     */
    @Test
    void aLongRunsPointsAreTheSameWithItsOlderSecondsDigested() {
        List<IntervalSample> run = longRun(2_000);
        IntervalSeries digested = new IntervalSeries(IntervalSeries.DEFAULT_CAPACITY);
        IntervalSeries whole = new IntervalSeries(IntervalSeries.DEFAULT_CAPACITY, IntervalSeries.DEFAULT_CAPACITY);
        for (int i = 0; i < run.size(); i++) {
            digested.append(run.get(i), i == run.size() - 1);
            whole.append(run.get(i), i == run.size() - 1);
        }
        assertEquals(run.size() - IntervalSeries.RAW_WINDOW, digested.digests().size(), "most of the run is digests");
        assertEquals(run.size(), whole.all().size());

        long warmup = 2_000 * MS;
        long measured = 1_997_500 * MS; // to 1999.5 s: points for seconds 2..1999, the drain (2000) in the last
        for (Counter requests : new Counter[]{Counter.COMPLETED, Counter.SENT}) {
            RunSeries expected = MeasuredSeries.of(whole, warmup, measured, requests, true, true);
            RunSeries got = MeasuredSeries.of(digested, warmup, measured, requests, true, true);
            assertEquals(1_998, got.points().size());
            for (int k = 0; k < expected.points().size(); k++) {
                assertEquals(expected.points().get(k), got.points().get(k), "point " + k + " counting " + requests);
            }
        }

        RunSeries s = MeasuredSeries.of(digested, warmup, measured, Counter.COMPLETED, false);
        Histogram first = HistogramCodec.decode(run.get(1).measured().latency());
        first.add(HistogramCodec.decode(run.get(2).measured().latency()));
        assertEquals(first.getValueAtPercentile(50) / 1_000.0, s.points().get(0).p50Micros(), "intervals 1, 2 added");
        assertEquals(first.getValueAtPercentile(99) / 1_000.0, s.points().get(0).p99Micros());
        assertEquals(first.getTotalCount(), s.points().get(0).requests());
        assertEquals(new SeriesPoint(998, 0, 0, 0, 0, 0, null), s.points().get(998), "second 1000, missed");
        long all = run.stream().mapToLong(i -> i.measured().count(Counter.COMPLETED)).sum();
        assertEquals(all, s.points().stream().mapToLong(SeriesPoint::requests).sum(), "the drain is in the last point");
    }

    /**
     * A series read with a measured time far shorter than its intervals puts digests beside other intervals in its
     * last point: its max is still exact, its p50 and p99 those of its part with the most values; the points before
     * are exact.
     */
    @Test
    void aPointThatAddsADigestToOtherIntervalsTakesTheLargestPartsPercentiles() {
        IntervalSeries digested = new IntervalSeries(20, 5);
        IntervalSeries whole = new IntervalSeries(20, 20);
        for (int i = 0; i < 20; i++) {
            IntervalSample s = interval(i, i == 14 ? 30 : i < 15 ? 10 : 1, 100L * (i + 10), 0); // 0..14 digested
            digested.append(s, i == 19);
            whole.append(s, i == 19);
        }
        RunSeries got = MeasuredSeries.of(digested, 0, 10_000 * MS, Counter.COMPLETED, false);
        RunSeries exact = MeasuredSeries.of(whole, 0, 10_000 * MS, Counter.COMPLETED, false);

        assertEquals(exact.points().subList(0, 9), got.points().subList(0, 9));
        SeriesPoint last = got.points().get(9);
        assertEquals(exact.points().get(9).requests(), last.requests());
        assertEquals(exact.points().get(9).maxMicros(), last.maxMicros(), "interval 19's, exact");
        assertEquals(2_900.0, last.maxMicros(), 3.0);
        assertEquals(2_400.0, last.p50Micros(), 3.0, "interval 14's: 30 values, more than any other part's");
        assertEquals(2_400.0, last.p99Micros(), 3.0);
        assertEquals(2_300.0, exact.points().get(9).p50Micros(), 3.0, "where the exact p50 is interval 13's");
        assertEquals(2_900.0, exact.points().get(9).p99Micros(), 3.0);
    }

    /**
     * Intervals 0..last: 0 warm-up only, 1 with the measured part's first few requests, a wide latency spread
     * (log-normal, median 60 us) of 20 to 620 values a second, second 1000 missed by the ticker.
     */
    private static List<IntervalSample> longRun(int last) {
        Random random = new Random(43);
        ByteBuffer scratch = ByteBuffer.allocate(1 << 20);
        PhaseInterval warmup = new PhaseInterval(Map.of(Counter.COMPLETED, 99L),
                HistogramCodec.encode(new Histogram(3)), null, null);
        List<IntervalSample> out = new ArrayList<>();
        long start = 0;
        for (int i = 0; i <= last; i++) {
            if (i == 1_000) {
                continue;
            }
            int values = i == 0 ? 0 : i == 1 ? 3 : 20 + random.nextInt(600);
            Histogram h = new Histogram(3);
            for (int v = 0; v < values; v++) {
                h.recordValue(Math.max(1, Math.round(Math.exp(Math.log(60_000) + random.nextGaussian()))));
            }
            PhaseInterval m = new PhaseInterval(Map.of(Counter.COMPLETED, (long) values, Counter.SENT, values + 1L,
                    Counter.TIMEOUTS, (long) random.nextInt(3),
                    Counter.PONGS_REQUESTED, (long) values + random.nextInt(5),
                    Counter.TLS_HANDSHAKES, (long) random.nextInt(4)), HistogramCodec.encode(h, scratch), null, null);
            long end = (i + 1) * 1_000 * MS + MS; // closed 1 ms after the second's end
            out.add(new IntervalSample(i, start, end, warmup, m));
            start = end;
        }
        return out;
    }
}
