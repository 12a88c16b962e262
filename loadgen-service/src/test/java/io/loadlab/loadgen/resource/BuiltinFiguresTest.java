package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuiltinFiguresTest {

    private static final URI METRICS = URI.create("http://127.0.0.1:9/q/metrics");

    @Test
    void cpuTimeOverWallInCores() {
        var a = cpu(0, 1e9);
        var b = cpu(2_000_000_000L, 4.6e9);
        assertEquals(1.8, BuiltinFigures.cpuCores(List.of(a, b)), 1e-9, "3.6 s of CPU in 2 s: 1.8 cores, not divided by the target's cores");
    }

    @Test
    void withoutCpuTimeTheMachineShareTimesItsCpus() {
        var a = new BuiltinReading(0, null, 0.25, 8.0, null, null, null, null);
        var b = new BuiltinReading(1, null, 0.5, 8.0, null, null, null, null);
        assertEquals(3.0, BuiltinFigures.cpuCores(List.of(a, b)), 1e-9, "0.25 x 8 = 2 and 0.5 x 8 = 4");
    }

    @Test
    void waitThrottlingAndQuotaBetweenFirstAndLast() {
        var a = new BuiltinReading(0, 1e9, null, null, 10.0, 100.0, 20.0, 0.5);
        var b = new BuiltinReading(2_000_000_000L, 2e9, null, null, 12.0, 120.0, 38.0, 0.5);
        ResourceFigures f = BuiltinFigures.of(List.of(a, b), 2, METRICS, null);
        assertEquals(1.0, f.waitCores(), 1e-9, "2 s of wait in 2 s");
        assertEquals(0.9, f.throttled(), 1e-9);
        assertEquals(0.5, f.limitCores());
        assertEquals(0.5, f.cpuCores(), 1e-9);
        assertEquals("builtin", f.source());
        assertEquals(List.of("network"), List.copyOf(f.unmeasured().keySet()), "only the network, which the target does not count");
        assertNull(f.sentBytesPerSecond());
    }

    @Test
    void noQuotaAndNoPeriodIsMeasuredNotMissing() {
        var a = new BuiltinReading(0, 1e9, null, null, 1.0, 0.0, 0.0, Double.POSITIVE_INFINITY);
        var b = new BuiltinReading(1_000_000_000L, 1e9, null, null, 1.0, 0.0, 0.0, Double.POSITIVE_INFINITY);
        ResourceFigures f = BuiltinFigures.of(List.of(a, b), 2, METRICS, null);
        assertEquals(0.0, f.throttled());
        assertEquals(0.0, f.waitCores());
        assertNull(f.limitCores(), "unlimited is no quota");
        assertTrue(!f.unmeasured().containsKey("limit"), "and not unmeasured: the target said it has none");
    }

    @Test
    void anAbsentSeriesIsNamedNeverZero() {
        var a = cpu(0, 1e9);
        var b = cpu(1_000_000_000L, 2e9);
        ResourceFigures f = BuiltinFigures.of(List.of(a, b), 2, METRICS, null);
        assertNull(f.waitCores());
        assertNull(f.throttled());
        assertTrue(f.unmeasured().get("wait").contains("target_cpu_runqueue_wait_seconds_total"), f.unmeasured().toString());
        assertTrue(f.unmeasured().get("throttled").contains("target_cpu_periods_total"), f.unmeasured().toString());
    }

    @Test
    void metricsThatDidNotAnswerLeaveEveryFigureUnmeasuredWithTheError() {
        ResourceFigures f = BuiltinFigures.of(List.of(cpu(0, 1e9)), 5, METRICS, "Connection refused");
        assertNull(f.cpuCores());
        assertEquals("the target's metrics at " + METRICS + " did not answer: Connection refused", f.unmeasured().get("cpu"));
        ResourceFigures none = BuiltinFigures.of(List.of(cpu(0, 1e9)), 1, METRICS, null);
        assertTrue(none.unmeasured().get("cpu").startsWith("fewer than two readings"), none.unmeasured().toString());
    }

    private static BuiltinReading cpu(long nanos, double cpuNanos) {
        return new BuiltinReading(nanos, cpuNanos, null, null, null, null, null, null);
    }
}
