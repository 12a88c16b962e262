package io.loadlab.loadgen.experiment;

/**
 * Where a figure counts as saturated, each a 0..1 ratio ({@code loadgen.experiments.*}).
 *
 * @param cpuSaturation     target CPU utilisation of its cores
 * @param networkSaturation bytes per second against the link capacity
 * @param loadgenSaturation the loadgen's CPU demand (on a CPU + waiting for one) against its CPUs
 * @param scheduleLag       open model: the fraction by which the achieved rate may fall short of the requested
 */
public record Thresholds(double cpuSaturation, double networkSaturation, double loadgenSaturation, double scheduleLag) {

    public static final Thresholds DEFAULTS = new Thresholds(0.85, 0.85, 0.9, 0.1);
}
