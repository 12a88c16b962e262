package io.loadlab.loadgen.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.Arrays;

/**
 * One latency histogram in Prometheus' classic form: a count per fixed upper bound ({@code le}), their total and the
 * sum of the values, fed whole HdrHistograms at a time (a run's one-second intervals), never a request at a time.
 * Prometheus adds such buckets across pods exactly ({@code sum by (le)}), which quantiles (the former summary) cannot.
 * <p>A value lands in the first bucket whose bound is at least the highest value HdrHistogram holds equivalent to it
 * (3 significant digits: within 0.1%), the value HdrHistogram's own percentiles report, so a bucket agrees with the
 * report's percentiles. Not thread-safe: its owner serialises feeding and reading.
 */
final class LatencyBuckets {

    /**
     * Upper bounds in seconds, 50 µs to 60 s in 1-2-3-5 steps: 25 bounds (plus +Inf), neighbours at most a factor 2
     * apart, so {@code histogram_quantile}'s interpolation is off by less than one such step. 50 µs is about the
     * fastest loopback answer measured here (nginx, keep-alive: min 51 µs, p50 98 µs, LatencyHistogramBindingTest at
     * load 20), anything faster counts under it; 60 s is {@code loadgen.limits.max-timeout}'s default, a CO-corrected
     * open-model latency beyond it is counted in +Inf.
     * 25 series per label set: with {@code kind} (a few) and one {@code agent} per process, bounded.
     */
    static final double[] BOUNDS_SECONDS = {
            0.00005, 0.0001, 0.0002, 0.0003, 0.0005,
            0.001, 0.002, 0.003, 0.005,
            0.01, 0.02, 0.03, 0.05,
            0.1, 0.2, 0.3, 0.5,
            1, 2, 3, 5,
            10, 20, 30, 60};

    private static final long[] BOUNDS_NANOS = Arrays.stream(BOUNDS_SECONDS).mapToLong(s -> Math.round(s * 1e9)).toArray();

    /** Per bucket, not cumulative; the last is +Inf. */
    private final long[] counts = new long[BOUNDS_NANOS.length + 1];
    private double sumNanos;

    /** Adds every value of {@code nanos} (a histogram of nanoseconds). */
    void add(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return;
        }
        for (HistogramIterationValue v : nanos.recordedValues()) {
            long count = v.getCountAtValueIteratedTo();
            counts[bucketOf(v.getValueIteratedTo())] += count;
            sumNanos += (double) nanos.medianEquivalentValue(v.getValueIteratedTo()) * count;
        }
    }

    /** Index of the bucket {@code nanos} lands in; {@code BOUNDS_SECONDS.length} for +Inf. */
    static int bucketOf(long nanos) {
        int i = Arrays.binarySearch(BOUNDS_NANOS, nanos);
        return i >= 0 ? i : -i - 1;
    }

    /** Cumulative counts, one per bound then +Inf, as Prometheus' {@code _bucket} series read. */
    long[] cumulative() {
        long[] out = new long[counts.length];
        long running = 0;
        for (int i = 0; i < counts.length; i++) {
            running += counts[i];
            out[i] = running;
        }
        return out;
    }

    long count() {
        return Arrays.stream(counts).sum();
    }

    double sumSeconds() {
        return sumNanos / 1e9;
    }
}
