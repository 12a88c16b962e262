package io.loadlab.loadgen.experiment;

/**
 * One probed rate of a search: the rate asked, what came of it, and whether it met the SLO.
 *
 * @param p99Millis corrected for coordinated omission (open model)
 */
public record ProbePoint(double rate, double p99Millis, double errorRate, double achievedRate, String runId, boolean ok) {
}
