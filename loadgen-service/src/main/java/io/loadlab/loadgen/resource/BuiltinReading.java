package io.loadlab.loadgen.resource;

import io.loadlab.loadgen.scrape.PrometheusText;

import java.util.OptionalDouble;

/**
 * One reading of our target's {@code /q/metrics}; each figure null when the target does not export it.
 *
 * @param nanos            when it was taken, on the nano clock
 * @param cpuTimeNanos     {@code process_cpu_time_ns_total}: exact and cumulative (Micrometer 1.13 on)
 * @param cpuUsage         {@code process_cpu_usage}: a 0..1 share of the whole machine, sampled by the JVM
 * @param cpuCount         {@code system_cpu_count}
 * @param waitSeconds      {@code target_cpu_runqueue_wait_seconds_total}
 * @param periods          {@code target_cpu_periods_total}
 * @param throttledPeriods {@code target_cpu_throttled_periods_total}
 * @param quotaCores       {@code target_cpu_quota_cores}, +Inf without a quota
 */
record BuiltinReading(long nanos, Double cpuTimeNanos, Double cpuUsage, Double cpuCount, Double waitSeconds,
                      Double periods, Double throttledPeriods, Double quotaCores) {

    static final String CPU_TIME = "process_cpu_time_ns_total";
    static final String CPU_USAGE = "process_cpu_usage";
    static final String CPU_COUNT = "system_cpu_count";
    static final String WAIT = "target_cpu_runqueue_wait_seconds_total";
    static final String PERIODS = "target_cpu_periods_total";
    static final String THROTTLED = "target_cpu_throttled_periods_total";
    static final String QUOTA = "target_cpu_quota_cores";

    static BuiltinReading parse(String text, long nanos) {
        return new BuiltinReading(nanos, value(text, CPU_TIME), value(text, CPU_USAGE), value(text, CPU_COUNT),
                value(text, WAIT), value(text, PERIODS), value(text, THROTTLED), quota(text));
    }

    /** The quota, +Inf when exported as unlimited (which {@link PrometheusText#first} skips as not finite). */
    private static Double quota(String text) {
        Double q = value(text, QUOTA);
        if (q != null || !(text.startsWith(QUOTA) || text.contains("\n" + QUOTA))) {
            return q;
        }
        return Double.POSITIVE_INFINITY;
    }

    /** The value of the first sample of {@code name}, with or without labels; null when absent or not finite. */
    static Double value(String text, String name) {
        OptionalDouble v = PrometheusText.first(text, name);
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
