package io.loadlab.common.cpu;

import java.util.OptionalDouble;

/**
 * A cgroup's CFS quota in cores (quota / period); {@link Double#POSITIVE_INFINITY} when unlimited, which is what
 * "no quota" means and what a Prometheus gauge can carry ({@code +Inf}).
 */
public final class CpuQuota {

    private CpuQuota() {
    }

    /** cgroup v1: {@code cpu.cfs_quota_us} (-1 = unlimited) and {@code cpu.cfs_period_us}. */
    public static OptionalDouble v1(String quotaUs, String periodUs) {
        try {
            long quota = Long.parseLong(quotaUs.trim());
            long period = Long.parseLong(periodUs.trim());
            if (quota < 0) {
                return OptionalDouble.of(Double.POSITIVE_INFINITY);
            }
            return period > 0 ? OptionalDouble.of((double) quota / period) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /** cgroup v2: {@code cpu.max}, "$MAX $PERIOD" where $MAX is a number of µs or {@code max}. */
    public static OptionalDouble v2(String cpuMax) {
        String[] f = cpuMax.trim().split("\\s+");
        if (f.length != 2) {
            return OptionalDouble.empty();
        }
        try {
            long period = Long.parseLong(f[1]);
            if ("max".equals(f[0])) {
                return OptionalDouble.of(Double.POSITIVE_INFINITY);
            }
            long quota = Long.parseLong(f[0]);
            return period > 0 && quota >= 0 ? OptionalDouble.of((double) quota / period) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
