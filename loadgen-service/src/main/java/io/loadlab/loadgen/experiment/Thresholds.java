package io.loadlab.loadgen.experiment;

/**
 * Where a figure counts as saturated, each a 0..1 ratio ({@code loadgen.experiments.*}).
 *
 * @param cpuSaturation     target CPU utilisation of its cores
 * @param networkSaturation bytes per second against the link capacity
 * @param loadgenSaturation the loadgen's CPU demand (on a CPU + waiting for one) against its CPUs
 * @param scheduleLag       open model: the fraction by which the achieved rate may fall short of the requested
 * @param runQueueWait      the target's run-queue wait against its cores at which it was contended
 * @param throttledPeriods  the share of CFS periods throttled at which a cgroup's quota is the ceiling (target or loadgen)
 */
public record Thresholds(double cpuSaturation, double networkSaturation, double loadgenSaturation, double scheduleLag,
                         double runQueueWait, double throttledPeriods) {

    public static final Thresholds DEFAULTS = new Thresholds(0.85, 0.85, 0.9, 0.1, 0.1, 0.25);

    public Thresholds {
        double[] all = {cpuSaturation, networkSaturation, loadgenSaturation, scheduleLag, runQueueWait, throttledPeriods};
        for (double d : all) {
            if (!(d > 0 && d <= 1)) {
                throw new IllegalArgumentException("every threshold is a ratio in (0, 1]: " + this);
            }
        }
    }
}
