package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UdpReceiveStatsTest {

    @Test
    void inOrderDatagramsLoseNothing() {
        UdpReceiveStats s = new UdpReceiveStats();
        for (long seq = 1; seq <= 5; seq++) {
            s.take(seq, 0, 100);
        }
        assertEquals(5, s.packets());
        assertEquals(0, s.lost());
        assertEquals(0, s.outOfOrder());
        assertEquals(0.0, s.jitterSeconds());
    }

    @Test
    void aGapIsLossUntilTheLateDatagramFillsIt() {
        UdpReceiveStats s = new UdpReceiveStats();
        s.take(1, 0, 0);
        s.take(4, 0, 0);
        assertEquals(2, s.lost());
        assertEquals(4, s.packets());
        s.take(2, 0, 0);
        assertEquals(1, s.lost());
        assertEquals(1, s.outOfOrder());
        assertEquals(4, s.packets());
    }

    @Test
    void jitterIsTheSmoothedChangeInTransitTime() {
        UdpReceiveStats s = new UdpReceiveStats();
        s.take(1, 1_000_000, 1_000_100); // transit 100 µs: the first sets the reference, jitter stays 0
        assertEquals(0.0, s.jitterSeconds());
        s.take(2, 2_000_000, 2_000_260); // transit 260 µs: d = 160 µs, jitter = 160/16 µs
        assertEquals(10e-6, s.jitterSeconds(), 1e-12);
        s.take(3, 3_000_000, 3_000_260); // d = 0: jitter decays by 1/16
        assertEquals(10e-6 * 15 / 16, s.jitterSeconds(), 1e-12);
    }
}
