package io.loadlab.loadgen.resource;

import io.loadlab.common.cpu.CpuStat;

/** A cgroup's throttled share between two readings of its CFS counters. */
public final class Throttling {

    private Throttling() {
    }

    /**
     * Throttled periods / periods between {@code first} and {@code last}; 0 when no period passed (the kernel counts
     * periods only under a quota, and only while the group has work), null when either reading is missing.
     */
    public static Double share(CpuStat first, CpuStat last) {
        if (first == null || last == null) {
            return null;
        }
        long periods = last.periods() - first.periods();
        return periods <= 0 ? 0.0 : Math.min(1.0, (double) (last.throttledPeriods() - first.throttledPeriods()) / periods);
    }
}
