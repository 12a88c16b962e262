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
 * and never averaged. Not thread-safe: one builder's.
 */
public final class PhaseTotals {

    private final long[] counts = new long[Counter.values().length];
    private final Histogram latency = Histograms.newHistogram();
    private Histogram serviceTime;
    private Histogram connect;

    /** Adds one interval's figures. */
    public void add(PhaseInterval interval) {
        for (Counter c : Counter.values()) {
            counts[c.ordinal()] = Math.addExact(counts[c.ordinal()], interval.count(c));
        }
        latency.add(HistogramCodec.decode(interval.latency()));
        if (interval.serviceTime() != null) {
            serviceTime = addTo(serviceTime, HistogramCodec.decode(interval.serviceTime()));
        }
        if (interval.connect() != null) {
            connect = addTo(connect, HistogramCodec.decode(interval.connect()));
        }
    }

    /** Adds another sum's figures. */
    public void add(PhaseTotals other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = Math.addExact(counts[i], other.counts[i]);
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
                errors += counts[c.ordinal()];
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

    private static Histogram addTo(Histogram sum, Histogram h) {
        Histogram s = sum == null ? Histograms.newHistogram() : sum;
        s.add(h);
        return s;
    }
}
