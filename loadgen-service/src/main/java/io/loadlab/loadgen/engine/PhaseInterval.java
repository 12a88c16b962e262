package io.loadlab.loadgen.engine;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one phase (warm-up or measured part) of a run counted and timed during one interval, summed over
 * the run's event loops. Histograms are HdrHistogram's compressed base64 (the form each line of an
 * HdrHistogram log carries), values in nanoseconds; adding the intervals' histograms gives the run's
 * cumulative one exactly, bucket for bucket.
 *
 * @param counts      every {@link Counter}'s increase during the interval
 * @param latency     latencies of requests that completed in the interval (from the intended send time in the
 *                    open model)
 * @param serviceTime service times, null unless the run keeps them (open model; never for the warm-up)
 * @param connect     connect times, null unless the run keeps them (a connection per request; never for the warm-up)
 */
public record PhaseInterval(Map<Counter, Long> counts, String latency, String serviceTime, String connect) {

    public PhaseInterval {
        Objects.requireNonNull(latency, "latency");
        EnumMap<Counter, Long> all = new EnumMap<>(Counter.class);
        for (Counter c : Counter.values()) {
            Long n = counts == null ? null : counts.get(c);
            if (n != null && n < 0) {
                throw new IllegalArgumentException("counts." + c + " must not be negative, was " + n);
            }
            all.put(c, n == null ? 0L : n);
        }
        counts = Map.copyOf(all);
    }

    /** The interval's count of {@code counter}. */
    public long count(Counter counter) {
        return counts.get(counter);
    }
}
