package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

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
 */
public final class MeasuredSeries {

    private static final long SECOND = IntervalTicker.PERIOD_NANOS;
    private static final double NANOS_PER_MICRO = 1_000.0;

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
        long[] done = new long[n];
        long[] errors = new long[n];
        long[] asked = new long[n];
        long[] pongs = new long[n];
        long[] handshakes = new long[n];
        // One point's histogram at a time: the samples come in index order, so a point is whole once the next one
        // begins. Holding every point's decoded histogram to the end took 400 KB a second of run: a 10-minute run's
        // report needed 240 MB of heap, and the loadgen in a 256 MiB pod died of it as the run ended.
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        double[] max = new double[n];
        Histogram current = null;
        int currentK = -1;
        for (IntervalSample s : intervals.all()) {
            int k = (int) Math.max(0, Math.min(n - 1, s.index() - first));
            PhaseInterval m = s.measured();
            done[k] += m.count(requests);
            for (Counter c : Counter.values()) {
                errors[k] += c.error() ? m.count(c) : 0;
            }
            asked[k] += m.count(Counter.PONGS_REQUESTED);
            pongs[k] += m.count(Counter.COMPLETED);
            handshakes[k] += m.count(Counter.TLS_HANDSHAKES);
            Histogram h = HistogramCodec.decode(m.latency());
            if (k != currentK) {
                latencyOf(current, currentK, p50, p99, max);
                current = h;
                currentK = k;
                h.setAutoResize(true); // the next interval's values may pass this one's range
            } else {
                current.add(h);
            }
        }
        latencyOf(current, currentK, p50, p99, max);
        List<SeriesPoint> points = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            points.add(new SeriesPoint(k, done[k], errors[k], p50[k], p99[k], max[k],
                    countsLoss ? Math.max(0, asked[k] - pongs[k]) : null, countsHandshakes ? handshakes[k] : null));
        }
        return new RunSeries(points);
    }

    /** Point {@code k}'s latency figures from its whole histogram; zeros when it recorded none. */
    private static void latencyOf(Histogram h, int k, double[] p50, double[] p99, double[] max) {
        if (h == null || h.getTotalCount() == 0) {
            return;
        }
        p50[k] = micros(h.getValueAtPercentile(50));
        p99[k] = micros(h.getValueAtPercentile(99));
        max[k] = micros(h.getMaxValue());
    }

    private static double micros(long nanos) {
        return nanos / NANOS_PER_MICRO;
    }
}
