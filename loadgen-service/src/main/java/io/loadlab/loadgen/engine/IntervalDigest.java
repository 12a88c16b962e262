package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.Objects;

/**
 * What {@link MeasuredSeries} needs of an interval that left its {@link IntervalSeries}' raw window, and nothing more:
 * its index, its measured part's counts and its measured latency's p50, p99 and max. About 240 bytes (the record's
 * fields 64, the counts' {@code long[20]} 176) where the raw interval held several KB per histogram (1.2 KB at 1,000
 * values, 13.7 KB at 500,000: {@link IntervalSeries}), its warm-up's besides: the series keeps the run's older seconds
 * in this form so its heap stops growing with the run's length.
 * <p>
 * Percentiles cannot be added, so a digest serves a point of its own, which every interval but those of a run's first
 * and last points has ({@link MeasuredSeries}). The last point's intervals are a run's newest and still raw when the
 * series is read; the first point's can be old, so a digest of one of the run's first two intervals with measured
 * latencies also keeps that histogram, {@code latency}: the first point then adds them as before.
 *
 * @param index    the interval's index ({@link IntervalSample#index()})
 * @param counts   the measured part's count of each {@link Counter}, by ordinal (a copy is kept and given)
 * @param values   the latencies the measured part recorded in the interval
 * @param p50Nanos the median of those latencies, 0 when there are none
 * @param p99Nanos their 99th percentile, 0 when there are none
 * @param maxNanos their highest, 0 when there are none
 * @param latency  the measured latency histogram itself ({@link PhaseInterval#latency()}) where a point may have to add
 *                 it to another interval's; null otherwise
 */
public record IntervalDigest(long index, long[] counts, long values, long p50Nanos, long p99Nanos, long maxNanos,
                             String latency) {

    public IntervalDigest {
        if (index < 0) {
            throw new IllegalArgumentException("index must not be negative, was " + index);
        }
        if (counts == null || counts.length != Counter.values().length) {
            throw new IllegalArgumentException("counts must have one count per counter ("
                    + Counter.values().length + "), had " + (counts == null ? null : counts.length));
        }
        counts = counts.clone();
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("counts must not be negative: " + Arrays.toString(counts));
            }
        }
        if (values < 0 || p50Nanos < 0 || p99Nanos < p50Nanos || maxNanos < p99Nanos
                || (values == 0 && (maxNanos != 0 || latency != null))) {
            throw new IllegalArgumentException("values and latencies must be >= 0 and p50 <= p99 <= max, all 0 "
                    + "and no histogram without values: " + values + " " + p50Nanos + " " + p99Nanos + " " + maxNanos);
        }
    }

    /**
     * The digest of {@code interval}'s measured part.
     *
     * @param keepLatency whether to keep its latency histogram too, where it recorded any
     * @throws IllegalArgumentException when its latency is not a histogram's encoding
     */
    static IntervalDigest of(IntervalSample interval, boolean keepLatency) {
        PhaseInterval m = interval.measured();
        long[] counts = new long[Counter.values().length];
        for (Counter c : Counter.values()) {
            counts[c.ordinal()] = m.count(c);
        }
        Histogram h = HistogramCodec.decode(m.latency());
        long values = h.getTotalCount();
        if (values == 0) {
            return new IntervalDigest(interval.index(), counts, 0, 0, 0, 0, null);
        }
        return new IntervalDigest(interval.index(), counts, values, h.getValueAtPercentile(50),
                h.getValueAtPercentile(99), h.getMaxValue(), keepLatency ? m.latency() : null);
    }

    /** The measured part's count of {@code counter} in this interval. */
    public long count(Counter counter) {
        return counts[counter.ordinal()];
    }

    /** A copy: the digest stays as built. */
    @Override
    public long[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntervalDigest d && index == d.index && Arrays.equals(counts, d.counts)
                && values == d.values && p50Nanos == d.p50Nanos && p99Nanos == d.p99Nanos && maxNanos == d.maxNanos
                && Objects.equals(latency, d.latency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, Arrays.hashCode(counts), values, p50Nanos, p99Nanos, maxNanos, latency);
    }

    @Override
    public String toString() {
        return "IntervalDigest[index=" + index + ", counts=" + Arrays.toString(counts) + ", values=" + values
                + ", p50Nanos=" + p50Nanos + ", p99Nanos=" + p99Nanos + ", maxNanos=" + maxNanos
                + ", latency=" + (latency == null ? "none" : "kept") + "]";
    }
}
