package io.loadlab.loadgen.experiment;

/**
 * Finding the highest sustainable open-model rate: double the rate from {@code startRate} until a
 * probe fails, then bisect between the last good and the first bad rate, at most {@code maxSteps}
 * probes in all. A probe is good when its p99 is at most {@code p99Millis}, its error rate at most
 * {@code maxErrorRate} and the loadgen achieved the rate it asked for.
 *
 * @param precision stop bisecting once (bad - good) / good is at most this, e.g. 0.05
 */
public record SearchSpec(double p99Millis, double maxErrorRate, double startRate, double maxRate, int maxSteps,
                         double precision) {
}
