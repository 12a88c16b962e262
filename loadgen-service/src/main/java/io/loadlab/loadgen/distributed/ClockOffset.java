package io.loadlab.loadgen.distributed;

import java.util.List;

/**
 * How an agent's monotonic clock stands against the controller's: {@code agent = controller + offsetNanos},
 * true within {@code errorNanos} either way.
 *
 * @param offsetNanos agent clock minus controller clock
 * @param errorNanos  bound on the estimate's error: half the best sample's round trip, rounded up, plus 1 ns for the halving
 * @param samples     how many samples the estimate chose from
 */
public record ClockOffset(long offsetNanos, long errorNanos, int samples) {

    public ClockOffset {
        if (errorNanos < 0 || samples < 1) {
            throw new IllegalArgumentException("need errorNanos >= 0 and samples >= 1");
        }
    }

    /**
     * NTP's clock filter: the sample with the shortest round trip has the least room for asymmetric delay, so its
     * offset is kept and the others (queued behind a GC, a busy loop, a retransmit) are dropped. Ties go to the
     * earliest.
     *
     * @throws IllegalArgumentException when there is no sample
     */
    public static ClockOffset estimate(List<ClockSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no clock sample");
        }
        ClockSample best = samples.get(0);
        for (ClockSample s : samples) {
            if (s.roundTripNanos() < best.roundTripNanos()) {
                best = s;
            }
        }
        return new ClockOffset(best.offsetNanos(), (best.roundTripNanos() + 1) / 2 + 1, samples.size());
    }

    /** The instant {@code controllerNanos} (controller clock) on the agent's clock. */
    public long toAgent(long controllerNanos) {
        return controllerNanos + offsetNanos;
    }

    /** The instant {@code agentNanos} (agent clock) on the controller's clock. */
    public long toController(long agentNanos) {
        return agentNanos - offsetNanos;
    }
}
