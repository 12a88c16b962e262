package io.loadlab.loadgen.distributed;

import org.HdrHistogram.AbstractHistogram;

/** The three latency figures an agent's summary shows, in microseconds, from a histogram in nanoseconds. */
public record LatencyMicros(double p50, double p99, double max) {

    private static final double NANOS_PER_MICRO = 1_000.0;
    public static final LatencyMicros EMPTY = new LatencyMicros(0, 0, 0);

    public LatencyMicros {
        if (!(p50 >= 0 && p50 <= p99 && p99 <= max) || !Double.isFinite(max)) {
            throw new IllegalArgumentException("need 0 <= p50 <= p99 <= max, had " + p50 + ", " + p99 + ", " + max);
        }
    }

    public static LatencyMicros of(AbstractHistogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencyMicros(micros(nanos.getValueAtPercentile(50)), micros(nanos.getValueAtPercentile(99)),
                micros(nanos.getMaxValue()));
    }

    private static double micros(long nanos) {
        return nanos / NANOS_PER_MICRO;
    }
}
