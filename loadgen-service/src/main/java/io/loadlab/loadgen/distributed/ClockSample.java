package io.loadlab.loadgen.distributed;

/**
 * One NTP-style exchange with an agent, each time on its own side's monotonic clock (nanoseconds).
 *
 * @param sentNanos     t0: the controller sent the request (controller clock)
 * @param receivedNanos t1: the agent received it (agent clock)
 * @param repliedNanos  t2: the agent sent its answer (agent clock)
 * @param returnedNanos t3: the controller received the answer (controller clock)
 */
public record ClockSample(long sentNanos, long receivedNanos, long repliedNanos, long returnedNanos) {

    public ClockSample {
        if (returnedNanos < sentNanos || repliedNanos < receivedNanos) {
            throw new IllegalArgumentException("a sample needs t0 <= t3 and t1 <= t2, had t0=" + sentNanos + " t1="
                    + receivedNanos + " t2=" + repliedNanos + " t3=" + returnedNanos);
        }
    }

    /** The time on the wire both ways: the round trip less the agent's own time, never negative. */
    public long roundTripNanos() {
        return Math.max(0, (returnedNanos - sentNanos) - (repliedNanos - receivedNanos));
    }

    /**
     * Agent clock minus controller clock, NTP's {@code ((t1 - t0) + (t2 - t3)) / 2}: exact when both directions
     * took equally long, and wrong by at most half the round trip when they did not.
     */
    public long offsetNanos() {
        // halves first: four clock readings near Long.MAX_VALUE must not overflow the sum
        return Math.floorDiv(receivedNanos - sentNanos, 2) + Math.floorDiv(repliedNanos - returnedNanos, 2);
    }
}
