package io.loadlab.loadgen.iperf;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An iperf run's figures for thresholds: per direction, the receiver's rate, UDP's jitter and loss where measured. */
class IperfKindGateFiguresTest {

    @Test
    void eachDirectionNamesItsOwnFiguresAndTcpHasNoJitterOrLoss() {
        StreamFigures udpUp = new StreamFigures(0, 2_000_000, 1_000_000, 2.0, null, 0.25, 10L, 1000L, 1.0, 0L);
        StreamFigures tcpDown = new StreamFigures(0, 4_000_000, 4_000_000, 2.0, 3L, null, null, null, null, null);
        IperfReport r = new IperfReport(null, List.of(new DirectionReport("up", List.of(udpUp), udpUp, List.of()),
                new DirectionReport("down", List.of(tcpDown), tcpDown, List.of())), null, null, null);
        IperfKind kind = new IperfKind(null, null, null);
        Map<String, Double> f = kind.gateFigures(null, r);
        assertEquals(Map.of("up.bitsPerSecond", 4_000_000.0, "up.jitterMillis", 0.25, "up.lossPercent", 1.0,
                "down.bitsPerSecond", 16_000_000.0, "down.retransmits", 3.0), f);
        assertTrue(kind.gateFigureNames().containsAll(f.keySet()));
    }
}
