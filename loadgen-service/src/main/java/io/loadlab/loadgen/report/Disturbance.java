package io.loadlab.loadgen.report;

import java.util.Objects;

/**
 * How the load generator itself was held up during a run's measured part, set on a report only when it passed a
 * limit: its figures then rest partly on the generator's own stalls, not the target's answers alone.
 *
 * @param maxLoopLagMicros the longest an event loop's own timer task ran late, in microseconds
 * @param gcPauseMillis    time the JVM spent collecting garbage during the measured part (collectors' own counts)
 * @param gcShare          {@code gcPauseMillis} over the measured part's duration, 0..1
 * @param reason           which limit it passed, as an operator reads it
 */
public record Disturbance(double maxLoopLagMicros, long gcPauseMillis, double gcShare, String reason) {

    public Disturbance {
        Objects.requireNonNull(reason, "reason");
        if (maxLoopLagMicros < 0 || gcPauseMillis < 0 || gcShare < 0) {
            throw new IllegalArgumentException("a disturbance's figures are not negative");
        }
    }
}
