package io.loadlab.loadgen.engine;

import org.HdrHistogram.Histogram;

/**
 * {@link MeasuredSeries}' points' latency figures, one point at a time: the intervals come in index order, so a point
 * is whole once the next one begins. Holding every point's decoded histogram to the end took 400 KB a second of run: a
 * 10-minute run's report needed 240 MB of heap, and the loadgen in a 256 MiB pod died of it as the run ended.
 * <p>
 * A point's figures are its whole histograms' added, or a lone digest's own, so they are exact wherever a digest has a
 * point of its own or kept its histogram, which is wherever an {@link IntervalSeries} made them. Only a point that had
 * to add a digest's figures to other values (a series read with a measured time far shorter than its intervals) gets
 * estimates: its max exact (the highest of the parts'), its p50 and p99 those of its part with the most values (the
 * whole histograms added being one part), said so in {@link MeasuredSeries}.
 */
final class PointLatencies {

    private static final double NANOS_PER_MICRO = 1_000.0;

    final double[] p50;
    final double[] p99;
    final double[] max;
    private int point = -1;
    /** The point's whole histograms, added; null before its first. */
    private Histogram whole;
    /** The point's digests without a histogram that had values: how many, their highest max, the largest's figures. */
    private int parts;
    private long partsMax;
    private long largestValues;
    private long largestP50;
    private long largestP99;

    PointLatencies(int points) {
        p50 = new double[points];
        p99 = new double[points];
        max = new double[points];
    }

    /** Adds a whole histogram to point {@code k}; it is kept and added to. */
    void add(int k, Histogram h) {
        moveTo(k);
        if (whole == null) {
            whole = h;
            h.setAutoResize(true); // the next interval's values may pass this one's range
        } else {
            whole.add(h);
        }
    }

    /** Adds a digest's figures to point {@code k}; one without values adds nothing. */
    void add(int k, IntervalDigest d) {
        moveTo(k);
        if (d.values() == 0) {
            return;
        }
        parts++;
        partsMax = Math.max(partsMax, d.maxNanos());
        if (d.values() > largestValues) {
            largestValues = d.values();
            largestP50 = d.p50Nanos();
            largestP99 = d.p99Nanos();
        }
    }

    /** Writes the last point's figures. */
    void finish() {
        moveTo(-1);
    }

    private void moveTo(int k) {
        if (k == point) {
            return;
        }
        if (point >= 0) {
            close();
        }
        point = k;
        whole = null;
        parts = 0;
        partsMax = 0;
        largestValues = 0;
        largestP50 = 0;
        largestP99 = 0;
    }

    private void close() {
        long wholeValues = whole == null ? 0 : whole.getTotalCount();
        if (parts == 0) {
            if (wholeValues > 0) {
                set(whole.getValueAtPercentile(50), whole.getValueAtPercentile(99), whole.getMaxValue());
            }
        } else if (wholeValues == 0 && parts == 1) {
            set(largestP50, largestP99, partsMax);
        } else {
            long top = Math.max(partsMax, wholeValues == 0 ? 0 : whole.getMaxValue());
            if (wholeValues >= largestValues) {
                set(whole.getValueAtPercentile(50), whole.getValueAtPercentile(99), top);
            } else {
                set(largestP50, largestP99, top);
            }
        }
    }

    private void set(long p50Nanos, long p99Nanos, long maxNanos) {
        p50[point] = p50Nanos / NANOS_PER_MICRO;
        p99[point] = p99Nanos / NANOS_PER_MICRO;
        max[point] = maxNanos / NANOS_PER_MICRO;
    }
}
