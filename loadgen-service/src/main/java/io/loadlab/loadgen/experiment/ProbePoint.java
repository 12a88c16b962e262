package io.loadlab.loadgen.experiment;

/**
 * One run of a search at one rate: the rate asked, what came of it, and whether it met the SLO.
 *
 * @param p99Millis          corrected for coordinated omission (open model)
 * @param samples            requests measured, which the p99 rests on
 * @param generatorSaturated the loadgen could not keep up (its schedule lagged or its CPU was full): a miss then says
 *                           nothing about the target
 */
public record ProbePoint(double rate, double p99Millis, double errorRate, double achievedRate, String runId, boolean ok,
                         long samples, boolean generatorSaturated) {
}
