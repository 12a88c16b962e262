package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.PhaseStats;

/**
 * The pongs a socket waits for: when each ping left and in which phase, in a fixed ring indexed by
 * sequence number, so matching a pong allocates nothing. A pong is counted in the phase its ping
 * was sent in. Single-threaded: the socket's loop owns it.
 */
final class PongBook {

    /** Outstanding pongs beyond this many overwrite the oldest, which are then counted as dropped. */
    private static final int WINDOW = 1 << 16;
    private static final int MASK = WINDOW - 1;

    private final int replyEvery;
    private final long[] sequences = new long[WINDOW];
    private final long[] sentAt = new long[WINDOW];
    private final boolean[] pending = new boolean[WINDOW];
    private final boolean[] warmup = new boolean[WINDOW];
    private final PhaseStats warmupStats;
    private final PhaseStats measuredStats;
    private long highest;
    private int outstanding;

    PongBook(int replyEvery, PhaseStats warmupStats, PhaseStats measuredStats) {
        this.replyEvery = Math.max(1, replyEvery);
        this.warmupStats = warmupStats;
        this.measuredStats = measuredStats;
    }

    void sent(long sequence, long nowNanos, boolean inWarmup) {
        int i = slot(sequence);
        if (pending[i]) {
            outstanding--;
        }
        sequences[i] = sequence;
        sentAt[i] = nowNanos;
        pending[i] = true;
        warmup[i] = inWarmup;
        outstanding++;
        (inWarmup ? warmupStats : measuredStats).increment(Counter.PONGS_REQUESTED);
    }

    /** Matches a pong; false when it answers no ping we remember (not one of ours, or far too late). */
    boolean received(long sequence, int bytes, long nowNanos) {
        int i = slot(sequence);
        // Pings are numbered from 1 and never reach 2^63: 0 (what an unused slot holds) and the upper half of
        // the unsigned range are nobody's, and a forged pong for them must not count as a duplicate.
        if (sequence <= 0 || sequences[i] != sequence) {
            return false;
        }
        PhaseStats phase = warmup[i] ? warmupStats : measuredStats;
        if (!pending[i]) {
            phase.increment(Counter.DUPLICATED);
            return true;
        }
        pending[i] = false;
        outstanding--;
        if (sequence < highest) {
            phase.increment(Counter.OUT_OF_ORDER);
        } else {
            highest = sequence;
        }
        phase.increment(Counter.COMPLETED);
        phase.add(Counter.BYTES_RECEIVED, bytes);
        phase.recordLatency(nowNanos - sentAt[i]);
        return true;
    }

    boolean waiting() {
        return outstanding > 0;
    }

    private int slot(long sequence) {
        return (int) (sequence / replyEvery) & MASK;
    }
}
