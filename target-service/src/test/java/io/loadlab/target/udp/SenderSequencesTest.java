package io.loadlab.target.udp;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SenderSequencesTest {

    private final ReflectorStats stats = new ReflectorStats();

    @Test
    void countsGapsAndLateArrivalsPerSender() {
        SenderSequences s = new SenderSequences(10, stats);
        InetSocketAddress a = new InetSocketAddress("127.0.0.1", 1000);
        InetSocketAddress b = new InetSocketAddress("127.0.0.1", 1001);
        for (long seq : new long[]{1, 2, 5, 3, 6}) {
            s.heard(a, seq);
        }
        for (long seq = 1; seq <= 4; seq++) {
            s.heard(b, seq);
        }
        assertEquals(2, stats.get(ReflectorCounter.LOST));
        assertEquals(1, stats.get(ReflectorCounter.OUT_OF_ORDER));
    }

    @Test
    void forgetsTheLeastRecentlyHeardBeyondCapacity() {
        SenderSequences s = new SenderSequences(2, stats);
        InetSocketAddress a = new InetSocketAddress("127.0.0.1", 1000);
        s.heard(a, 1);
        s.heard(new InetSocketAddress("127.0.0.1", 1001), 1);
        s.heard(a, 2); // a is now the most recent
        s.heard(new InetSocketAddress("127.0.0.1", 1002), 1); // evicts 1001
        assertEquals(1, stats.get(ReflectorCounter.SENDERS_EVICTED));
        s.heard(a, 3);
        assertEquals(0, stats.get(ReflectorCounter.LOST));
    }
}
