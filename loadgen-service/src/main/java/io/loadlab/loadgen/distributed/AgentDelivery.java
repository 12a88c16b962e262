package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.IntervalSample;

import java.util.List;
import java.util.Objects;

/**
 * What the controller holds from one agent of a run: the intervals it delivered (in index order) and the facts
 * around them. A snapshot: the controller builds a new one as intervals arrive.
 *
 * @param name               the agent's name
 * @param address            host:port the controller called
 * @param intervals          the intervals received, indices strictly increasing
 * @param complete           true once the agent delivered its last interval
 * @param saturation         the agent's generator saturation, 0..1 (its busiest figure)
 * @param startLatenessNanos how late the agent started against the start it was given, on its own clock
 * @param clockErrorNanos    the error bound of the controller's estimate of the agent's clock
 * @param failure            why the agent failed (died, stalled, refused), null when it did not
 * @param mix                its part's request mix name by name, checked ({@link MixMerge#check}); {@link MixFigures#NONE} unless its
 *                           last batch came with one
 */
public record AgentDelivery(String name, String address, List<IntervalSample> intervals, boolean complete,
                            double saturation, long startLatenessNanos, long clockErrorNanos, String failure,
                            MixFigures mix) {

    /** A delivery without a request mix. */
    public AgentDelivery(String name, String address, List<IntervalSample> intervals, boolean complete,
                         double saturation, long startLatenessNanos, long clockErrorNanos, String failure) {
        this(name, address, intervals, complete, saturation, startLatenessNanos, clockErrorNanos, failure, null);
    }

    public AgentDelivery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        intervals = List.copyOf(intervals);
        mix = mix == null ? MixFigures.NONE : mix;
        for (int i = 1; i < intervals.size(); i++) {
            if (intervals.get(i).index() <= intervals.get(i - 1).index()) {
                throw new IllegalArgumentException("agent " + name + ": interval " + intervals.get(i).index()
                        + " after " + intervals.get(i - 1).index());
            }
        }
        if (clockErrorNanos < 0) {
            throw new IllegalArgumentException("agent " + name + ": clockErrorNanos must be >= 0");
        }
    }

    /** How far from the agreed instant it started, at most, in microseconds. */
    public double startSkewMicros() {
        return (Math.abs(startLatenessNanos) + clockErrorNanos) / 1_000.0;
    }
}
