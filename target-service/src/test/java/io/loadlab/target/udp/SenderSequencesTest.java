package io.loadlab.target.udp;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SenderSequencesTest {

    private static final long UNSIGNED_MAX = -1L; // 2^64 - 1 on the wire

    private final ReflectorStats stats = new ReflectorStats();
    private final InetSocketAddress a = new InetSocketAddress("127.0.0.1", 1000);
    private final InetSocketAddress b = new InetSocketAddress("127.0.0.1", 1001);

    @Test
    void countsGapsAndLateArrivalsPerSender() {
        SenderSequences s = new SenderSequences(10, stats);
        for (long seq : new long[]{1, 2, 5, 3, 6}) {
            s.heard(a, seq);
        }
        for (long seq = 1; seq <= 4; seq++) {
            s.heard(b, seq);
        }
        assertEquals(2, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.OUT_OF_ORDER));
        assertEquals(0, stats.get(ReflectorCounter.NEW_STREAMS));
    }

    @Test
    void forgetsTheLeastRecentlyHeardBeyondCapacity() {
        SenderSequences s = new SenderSequences(2, stats);
        s.heard(a, 1);
        s.heard(b, 1);
        s.heard(a, 2); // a is now the most recent
        s.heard(new InetSocketAddress("127.0.0.1", 1002), 1); // evicts b
        assertEquals(1, stats.get(ReflectorCounter.SENDERS_EVICTED));
        s.heard(a, 3);
        assertEquals(0, stats.get(ReflectorCounter.LOST));
    }

    @Test
    void aJumpBeyondTheWindowIsANewStreamNotLoss() {
        SenderSequences s = new SenderSequences(10, stats);
        s.heard(a, 1);
        s.heard(a, Long.MAX_VALUE); // 2^63 - 1: the forged datagram that added 9.2e18 to lost
        s.heard(a, Long.MAX_VALUE + 2); // the new stream goes on: one lost in it, unsigned beyond 2^63
        assertEquals(1, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.NEW_STREAMS));
        assertEquals(0, stats.get(ReflectorCounter.OUT_OF_ORDER));
    }

    @Test
    void theLargestGapCountedIsTheWindow() {
        SenderSequences s = new SenderSequences(10, stats);
        s.heard(a, 0);
        s.heard(a, SenderSequences.WINDOW);
        assertEquals(SenderSequences.WINDOW - 1, stats.get(ReflectorCounter.LOST));
        s.heard(a, SenderSequences.WINDOW * 2 + 1);
        assertEquals(SenderSequences.WINDOW - 1, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.NEW_STREAMS));
    }

    @Test
    void sequencesWrapAsUnsigned64BitNumbers() {
        SenderSequences s = new SenderSequences(10, stats);
        s.heard(b, UNSIGNED_MAX - 1);
        s.heard(b, 0); // 2^64 - 2 then 0: one lost across the wrap
        s.heard(b, UNSIGNED_MAX); // late arrival from before the wrap
        s.heard(b, 1);
        assertEquals(1, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.OUT_OF_ORDER));
        assertEquals(0, stats.get(ReflectorCounter.NEW_STREAMS));
    }

    @Test
    void forgedSendersNeverDriveLostNegativeOrAbsurd() {
        SenderSequences s = new SenderSequences(10, stats);
        s.heard(a, 1);
        s.heard(a, Long.MAX_VALUE);
        s.heard(b, Long.MIN_VALUE); // 2^63 unsigned
        s.heard(b, Long.MAX_VALUE); // one below: a late arrival, not 2^64 - 2 lost
        s.heard(b, Long.MIN_VALUE + 3);
        s.heard(b, 5); // far behind: a new stream
        assertEquals(2, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.OUT_OF_ORDER));
        assertEquals(2, stats.get(ReflectorCounter.NEW_STREAMS));
    }

    @Test
    void aRepeatedSequenceIsNotLoss() {
        SenderSequences s = new SenderSequences(10, stats);
        s.heard(a, 7);
        s.heard(a, 7);
        assertEquals(0, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.OUT_OF_ORDER));
    }
}
