package io.loadlab.loadgen.resource;

import io.loadlab.common.cpu.CpuStat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The builtin source's figures from its readings, in cores, each null with its reason where the readings cannot
 * give it: the metrics did not answer (the error), fewer than two readings, or a series absent (its name and why).
 */
final class BuiltinFigures {

    private BuiltinFigures() {
    }

    static ResourceFigures of(List<BuiltinReading> readings, int tries, URI metrics, String error) {
        if (readings.size() < 2) {
            String why = error != null ? "the target's metrics at " + metrics + " did not answer: " + error
                    : "fewer than two readings of " + metrics + " in the measured part (" + readings.size() + " of "
                    + tries + " tries)";
            return ResourceFigures.none(ResourceSpec.BUILTIN, why);
        }
        BuiltinReading first = readings.get(0);
        BuiltinReading last = readings.get(readings.size() - 1);
        Map<String, String> unmeasured = new TreeMap<>();
        Double cpu = cpuCores(readings);
        if (cpu == null) {
            unmeasured.put(Figure.CPU.json(), "the target's metrics have neither " + BuiltinReading.CPU_TIME + " nor "
                    + BuiltinReading.CPU_USAGE + " with " + BuiltinReading.CPU_COUNT);
        }
        Double wait = delta(first, last, BuiltinReading::waitSeconds);
        Double waitCores = wait == null || last.nanos() <= first.nanos() ? null : wait * 1e9 / (last.nanos() - first.nanos());
        if (waitCores == null) {
            unmeasured.put(Figure.WAIT.json(), BuiltinReading.WAIT + " absent: the target cannot read its threads' "
                    + "schedstat (no /proc/<pid>/task/*/schedstat, a kernel without schedstats) or predates the meter");
        }
        Double throttled = first.periods() == null || last.periods() == null || first.throttledPeriods() == null
                || last.throttledPeriods() == null ? null
                : Throttling.share(new CpuStat(first.periods().longValue(), first.throttledPeriods().longValue(), 0),
                new CpuStat(last.periods().longValue(), last.throttledPeriods().longValue(), 0));
        if (throttled == null) {
            unmeasured.put(Figure.THROTTLED.json(), BuiltinReading.PERIODS + " or " + BuiltinReading.THROTTLED
                    + " absent: the target sees no cgroup CPU controller, or predates the meters");
        }
        Double quota = last.quotaCores();
        if (quota == null) {
            unmeasured.put(Figure.LIMIT.json(), BuiltinReading.QUOTA + " absent: the target sees no cgroup CPU "
                    + "controller, or predates the meter");
        }
        unmeasured.put(Figure.NETWORK.json(), BuiltinSource.NO_NETWORK);
        return new ResourceFigures(ResourceSpec.BUILTIN, cpu, ResourceFigures.TARGET,
                quota == null || !Double.isFinite(quota) ? null : quota, throttled, waitCores, null, unmeasured);
    }

    /**
     * CPU time / wall between the first and last reading when CPU time is exported, else the mean of
     * {@code process_cpu_usage x system_cpu_count}; in cores. Null when neither is usable.
     */
    static Double cpuCores(List<BuiltinReading> readings) {
        BuiltinReading first = readings.get(0);
        BuiltinReading last = readings.get(readings.size() - 1);
        if (first.cpuTimeNanos() != null && last.cpuTimeNanos() != null && last.nanos() > first.nanos()) {
            return (last.cpuTimeNanos() - first.cpuTimeNanos()) / (double) (last.nanos() - first.nanos());
        }
        double sum = 0;
        int n = 0;
        for (BuiltinReading r : readings) {
            if (r.cpuUsage() != null && r.cpuCount() != null) {
                sum += r.cpuUsage() * r.cpuCount();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }

    private static Double delta(BuiltinReading a, BuiltinReading b, Function<BuiltinReading, Double> f) {
        Double x = f.apply(a);
        Double y = f.apply(b);
        return x == null || y == null ? null : y - x;
    }
}
