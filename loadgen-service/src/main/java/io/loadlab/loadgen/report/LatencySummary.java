package io.loadlab.loadgen.report;

import org.HdrHistogram.AbstractHistogram;

/**
 * Percentiles of one latency distribution, in microseconds (fractions kept: loopback UDP round
 * trips are a few microseconds). One shape for HTTP and UDP reports: HTTP users read p50..p9999,
 * sockperf users p25..p99999 and min.
 */
public record LatencySummary(double mean, double stdev, double min, double p25, double p50, double p75, double p90,
                             double p99, double p999, double p9999, double p99999, double max, long count) {

    private static final double NANOS_PER_MICRO = 1_000.0;

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Summarises a histogram whose values are nanoseconds. */
    public static LatencySummary ofNanos(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                micros(h.getMean()), micros(h.getStdDeviation()), micros(h.getMinValue()),
                micros(h.getValueAtPercentile(25)), micros(h.getValueAtPercentile(50)),
                micros(h.getValueAtPercentile(75)), micros(h.getValueAtPercentile(90)),
                micros(h.getValueAtPercentile(99)), micros(h.getValueAtPercentile(99.9)),
                micros(h.getValueAtPercentile(99.99)), micros(h.getValueAtPercentile(99.999)),
                micros(h.getMaxValue()), h.getTotalCount());
    }

    private static double micros(double nanos) {
        return Math.round(nanos) / NANOS_PER_MICRO;
    }
}
