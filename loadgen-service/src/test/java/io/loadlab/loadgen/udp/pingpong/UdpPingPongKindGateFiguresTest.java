package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A ping-pong's figures for thresholds: one-way latency and round trips in ms, dropped pongs, no bitrate or loss. */
class UdpPingPongKindGateFiguresTest {

    @Test
    void latencyIsOneWayAndRoundTripsApart() {
        LatencySummary oneWay = new LatencySummary(10, 1, 5, 8, 9, 11, 12, 20.5, 30, 31, 32, 40, 1000);
        LatencySummary rtt = new LatencySummary(20, 2, 10, 16, 18, 22, 24, 41, 60, 62, 64, 80, 1000);
        UdpPingPongReport r = new UdpPingPongReport(1003, 1.0, 64, 0, 1003, 1000, 3, 0, 0, 1, oneWay, rtt, RunSeries.EMPTY);
        UdpPingPongKind kind = new UdpPingPongKind(null, null);
        Map<String, Double> f = kind.gateFigures(null, r);
        assertEquals(0.0205, f.get("p99Millis"));
        assertEquals(0.041, f.get("rttP99Millis"));
        assertEquals(3.0, f.get("dropped"));
        assertEquals(1003.0, f.get("messages"));
        assertEquals(1.0, f.get("errors"));
        assertFalse(f.containsKey("lossPercent"));
        assertTrue(kind.gateFigureNames().containsAll(f.keySet()), f.keySet().toString());
    }
}
