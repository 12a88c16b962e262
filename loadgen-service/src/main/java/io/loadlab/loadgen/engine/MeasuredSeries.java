package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A run's {@link RunSeries}: its one-second intervals' measured figures, one point per second of the run that
 * the measured part touches. The measured part is {@code [warmup, warmup + measured)} after the run's start while
 * intervals are cut at the run's whole seconds, so point {@code k} is the run's second {@code floor(warmup) + k}
 * and there are exactly {@code ceil(warmup + measured) - floor(warmup)} points; the first and last may hold a
 * partial second (a 300 ms warm-up leaves 0.7 s of measuring in the first). The intervals before the first
 * point hold only warm-up and add nothing; the last interval (closed at the run's end, with the requests that
 * completed while the loops drained) goes to the last point, so the points add up to the report's totals exactly.
 * A second the ticker missed (the one thread stalled past a whole second) is a point of zeros and the next one
 * holds both: the interval's figures stay whole rather than split by a guess.
 * <p>
 * The series keeps its older intervals as {@link IntervalDigest}s, whose percentiles cannot be added to another
 * interval's: a point of several intervals is the first (with the interval closed a little after the warm-up's end)
 * or the last (with the drain), and the series keeps the first's histograms and the last's intervals whole, so every
 * point is what it would be from whole intervals. Only a series read with a measured time far shorter than its
 * intervals (points a run never makes) could put a digest without its histogram into a point beside others: that
 * point's max is still exact, its p50 and p99 are those of its part with the most values ({@link PointLatencies}).
 */
public final class MeasuredSeries {

    private static final long SECOND = IntervalTicker.PERIOD_NANOS;

    private MeasuredSeries() {
    }

    /**
     * @param intervals     the run's finished series; null (a run without a ticker) gives {@link RunSeries#EMPTY}
     * @param warmupNanos   the spec's warm-up
     * @param measuredNanos the report's measured time (the duration, or less when cancelled)
     * @param requests      what the kind counts per point: completed requests (HTTP), messages sent (UDP)
     * @param countsLoss    whether the kind asks for pongs: then each point's {@code lost} is the pongs asked
     *                      for minus those that came back in that second (0 when late ones outnumber them)
     */
    public static RunSeries of(IntervalSeries intervals, long warmupNanos, long measuredNanos, Counter requests,
                               boolean countsLoss) {
        return of(intervals, warmupNanos, measuredNanos, requests, countsLoss, false);
    }

    /** As above; with {@code countsHandshakes} (a TLS run) each point also has its TLS handshakes completed. */
    public static RunSeries of(IntervalSeries intervals, long warmupNanos, long measuredNanos, Counter requests,
                               boolean countsLoss, boolean countsHandshakes) {
        if (intervals == null || measuredNanos <= 0) {
            return RunSeries.EMPTY;
        }
        long first = warmupNanos / SECOND;
        int n = (int) (-Math.floorDiv(-(warmupNanos + measuredNanos), SECOND) - first); // ceil, in Java 17
        List<IntervalDigest> digested;
        List<IntervalSample> whole;
        synchronized (intervals) { // one instant: one digested between two reads would count twice or not at all
            digested = intervals.digests();
            whole = intervals.all();
        }
        long[][] counts = new long[n][Counter.values().length]; // by point, then by counter's ordinal
        PointLatencies latency = new PointLatencies(n);
        for (IntervalDigest d : digested) {
            int k = point(d.index(), first, n);
            add(counts[k], d::count);
            if (d.latency() != null) {
                latency.add(k, HistogramCodec.decode(d.latency()));
            } else {
                latency.add(k, d);
            }
        }
        for (IntervalSample s : whole) {
            int k = point(s.index(), first, n);
            PhaseInterval m = s.measured();
            add(counts[k], m::count);
            latency.add(k, HistogramCodec.decode(m.latency()));
        }
        latency.finish();
        List<SeriesPoint> points = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            long[] c = counts[k];
            long errors = 0;
            for (Counter e : Counter.values()) {
                errors += e.error() ? c[e.ordinal()] : 0;
            }
            long lost = Math.max(0, c[Counter.PONGS_REQUESTED.ordinal()] - c[Counter.COMPLETED.ordinal()]);
            points.add(new SeriesPoint(k, c[requests.ordinal()], errors, latency.p50[k], latency.p99[k], latency.max[k],
                    countsLoss ? lost : null, countsHandshakes ? c[Counter.TLS_HANDSHAKES.ordinal()] : null));
        }
        return new RunSeries(points);
    }

    /** The point an interval goes to: those before the first hold only warm-up, those past the last the drain. */
    private static int point(long index, long first, int n) {
        return (int) Math.max(0, Math.min(n - 1, index - first));
    }

    private static void add(long[] sums, ToLongFunction<Counter> count) {
        for (Counter c : Counter.values()) {
            sums[c.ordinal()] += count.applyAsLong(c);
        }
    }
}
