package io.loadlab.loadgen.udp.throughput;

import io.loadlab.loadgen.report.RunSeries;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A throughput run's figures for thresholds: loss only when the reflector's count was read, never 0 in its place. */
class UdpThroughputKindGateFiguresTest {

    private final UdpThroughputKind kind = new UdpThroughputKind(null, null);

    @Test
    void lossIsThereWhenTheReflectorWasRead() {
        UdpThroughputReport r = new UdpThroughputReport(900, 1.0, 1472, 0, 900, 1.26, 10.1, 2, 100, 990L, 10L, 1.0, null,
                RunSeries.EMPTY);
        Map<String, Double> f = kind.gateFigures(null, r);
        assertEquals(1.0, f.get("lossPercent"));
        assertEquals(10.0, f.get("lost"));
        assertEquals(10.1, f.get("megabitsPerSecond"));
        assertEquals(2.0, f.get("errors"));
        assertTrue(kind.gateFigureNames().containsAll(f.keySet()), f.keySet().toString());
    }

    @Test
    void withoutTheReflectorsCountLossIsAbsent() {
        UdpThroughputReport r = new UdpThroughputReport(900, 1.0, 1472, 0, 900, 1.26, 10.1, 0, 100, null, null, null,
                "not asked", RunSeries.EMPTY);
        Map<String, Double> f = kind.gateFigures(null, r);
        assertFalse(f.containsKey("lossPercent"));
        assertFalse(f.containsKey("lost"));
        assertEquals(900.0, f.get("messagesPerSecond"));
    }
}
