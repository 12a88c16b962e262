package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuStat;

import java.util.List;

/**
 * What the target says it waited for CPU, in one reading of its metrics ({@code target_cpu_*}); each null when it
 * does not export it (no schedstat, no cgroup CPU controller, or an older target).
 *
 * @param waitSeconds      {@code target_cpu_runqueue_wait_seconds_total}
 * @param periods          {@code target_cpu_periods_total}
 * @param throttledPeriods {@code target_cpu_throttled_periods_total}
 * @param quotaCores       {@code target_cpu_quota_cores}, +Inf without a quota
 */
record TargetCpuWait(Double waitSeconds, Double periods, Double throttledPeriods, Double quotaCores) {

    static final TargetCpuWait NONE = new TargetCpuWait(null, null, null, null);

    /** Run-queue wait between the first and last reading / (wall x cores); null without two readings that have it. */
    static Double waitShare(List<TargetMetrics.Reading> readings, int cores) {
        if (readings.size() < 2) {
            return null;
        }
        TargetMetrics.Reading first = readings.get(0);
        TargetMetrics.Reading last = readings.get(readings.size() - 1);
        Double a = of(first).waitSeconds;
        Double b = of(last).waitSeconds;
        return a == null || b == null || last.nanos() <= first.nanos() ? null
                : (b - a) * 1e9 / ((last.nanos() - first.nanos()) * (double) cores);
    }

    /** Throttled periods / periods between the first and last reading (0 when no period passed: no quota). */
    static Double throttledShare(List<TargetMetrics.Reading> readings) {
        if (readings.size() < 2) {
            return null;
        }
        TargetCpuWait a = of(readings.get(0));
        TargetCpuWait b = of(readings.get(readings.size() - 1));
        if (a.periods == null || b.periods == null || a.throttledPeriods == null || b.throttledPeriods == null) {
            return null;
        }
        return Throttling.share(new CpuStat(a.periods.longValue(), a.throttledPeriods.longValue(), 0),
                new CpuStat(b.periods.longValue(), b.throttledPeriods.longValue(), 0));
    }

    /** The quota in the last reading that has one, in cores; null without a reading or without a quota. */
    static Double quota(List<TargetMetrics.Reading> readings) {
        for (int i = readings.size() - 1; i >= 0; i--) {
            Double q = of(readings.get(i)).quotaCores;
            if (q != null) {
                return Double.isFinite(q) ? q : null;
            }
        }
        return null;
    }

    private static TargetCpuWait of(TargetMetrics.Reading r) {
        return r.cpuWait() == null ? NONE : r.cpuWait();
    }
}
