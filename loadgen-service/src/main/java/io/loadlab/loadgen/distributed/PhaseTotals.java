package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.util.EnumMap;
import java.util.Map;

/**
 * Sums of one phase over intervals, agents or both: counters added, histograms added bucket for bucket. The
 * only way figures from several places are combined, so a percentile is always read from a sum of histograms
 * and never averaged. Counter sums saturate at {@link Long#MAX_VALUE}. Not thread-safe: one builder's.
 */
public final class PhaseTotals {

    private final long[] counts = new long[Counter.values().length];
    private final Histogram latency = Histograms.newHistogram();
    private Histogram serviceTime;
    private Histogram connect;

    /**
     * Adds one interval's figures, all or nothing.
     *
     * @throws IllegalArgumentException when a histogram is not an encoding or holds values beyond the engine's
     *                                  range (an agent of another build), so the caller can fail that agent
     */
    public void add(PhaseInterval interval) {
        Histogram l = fitting(interval.latency());
        Histogram s = interval.serviceTime() == null ? null : fitting(interval.serviceTime());
        Histogram c = interval.connect() == null ? null : fitting(interval.connect());
        for (Counter counter : Counter.values()) {
            counts[counter.ordinal()] = plus(counts[counter.ordinal()], interval.count(counter));
        }
        latency.add(l);
        if (s != null) {
            serviceTime = addTo(serviceTime, s);
        }
        if (c != null) {
            connect = addTo(connect, c);
        }
    }

    private Histogram fitting(String encoded) {
        Histogram h = HistogramCodec.decodeBounded(encoded, latency.getHighestTrackableValue(),
                latency.getNumberOfSignificantValueDigits());
        if (h.getTotalCount() > 0 && h.getMaxValue() > latency.getHighestTrackableValue()) {
            throw new IllegalArgumentException("an interval's histogram holds " + h.getMaxValue()
                    + " ns, beyond the engine's highest " + latency.getHighestTrackableValue() + " ns");
        }
        return h;
    }

    /** Adds another sum's figures. */
    public void add(PhaseTotals other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = plus(counts[i], other.counts[i]);
        }
        latency.add(other.latency);
        if (other.serviceTime != null) {
            serviceTime = addTo(serviceTime, other.serviceTime);
        }
        if (other.connect != null) {
            connect = addTo(connect, other.connect);
        }
    }

    public long count(Counter counter) {
        return counts[counter.ordinal()];
    }

    /** Connect, timeout, read/write and 3xx-5xx errors together. */
    public long errors() {
        long errors = 0;
        for (Counter c : Counter.values()) {
            if (c.error()) {
                errors = plus(errors, counts[c.ordinal()]);
            }
        }
        return errors;
    }

    /** Every counter, by name. */
    public Map<Counter, Long> counts() {
        Map<Counter, Long> all = new EnumMap<>(Counter.class);
        for (Counter c : Counter.values()) {
            all.put(c, counts[c.ordinal()]);
        }
        return all;
    }

    /** The summed latency histogram (nanoseconds); the caller must not change it. */
    public Histogram latency() {
        return latency;
    }

    /** The summed service times, null when no interval had them. */
    public Histogram serviceTime() {
        return serviceTime;
    }

    /** The summed connect times, null when no interval had them. */
    public Histogram connect() {
        return connect;
    }

    /**
     * Counts (never negative) added, stopping at {@link Long#MAX_VALUE}: {@link IntervalBounds} keeps an agent's
     * figures far below it, and a sum that could still overflow must not throw where every reader calls it (an
     * {@code ArithmeticException} here made {@code GET /runs} and {@code /q/metrics} answer 500, issue 22).
     */
    static long plus(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static Histogram addTo(Histogram sum, Histogram h) {
        Histogram s = sum == null ? Histograms.newHistogram() : sum;
        s.add(h);
        return s;
    }
}
