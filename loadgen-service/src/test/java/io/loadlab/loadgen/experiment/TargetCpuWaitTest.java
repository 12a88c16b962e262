package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class TargetCpuWaitTest {

    private static final String TEXT = """
            # TYPE target_cpu_runqueue_wait_seconds_total counter
            target_cpu_runqueue_wait_seconds_total{application="target-service",cores="1"} 12.5
            target_cpu_periods_total{application="target-service",cores="1"} 200.0
            target_cpu_throttled_periods_total{application="target-service",cores="1"} 150.0
            target_cpu_throttled_seconds_total{application="target-service",cores="1"} 7.25
            target_cpu_quota_cores{application="target-service",cores="1"} 0.5
            """;

    @Test
    void readFromTheTargetsMetrics() {
        assertEquals(new TargetCpuWait(12.5, 200.0, 150.0, 0.5), TargetMetrics.parse(TEXT, 0).cpuWait());
        assertEquals(TargetCpuWait.NONE, TargetMetrics.parse(TargetMetricsTest.TEXT, 0).cpuWait(), "an older target");
        assertNull(TargetMetrics.parse("target_cpu_quota_cores{a=\"b\"} +Inf\n", 0).cpuWait().quotaCores(), "no quota");
    }

    @Test
    void waitOverWallTimesCoresAndThrottledOverPeriods() {
        var a = reading(0, new TargetCpuWait(10.0, 100.0, 20.0, 0.5));
        var b = reading(2_000_000_000L, new TargetCpuWait(12.0, 120.0, 38.0, 0.5));
        assertEquals(0.5, TargetCpuWait.waitShare(List.of(a, b), 2), 1e-9, "2 s of wait in 2 s on 2 cores");
        assertEquals(0.9, TargetCpuWait.throttledShare(List.of(a, b)), 1e-9);
        assertEquals(0.5, TargetCpuWait.quota(List.of(a, b)));
    }

    @Test
    void noQuotaNoPeriodsNothingThrottled() {
        var a = reading(0, new TargetCpuWait(1.0, 0.0, 0.0, Double.POSITIVE_INFINITY));
        var b = reading(1_000_000_000L, new TargetCpuWait(1.0, 0.0, 0.0, Double.POSITIVE_INFINITY));
        assertEquals(0.0, TargetCpuWait.throttledShare(List.of(a, b)));
        assertEquals(0.0, TargetCpuWait.waitShare(List.of(a, b), 1));
        assertNull(TargetCpuWait.quota(List.of(a, b)), "unlimited is no quota");
    }

    @Test
    void unmeasuredIsNull() {
        var a = reading(0, TargetCpuWait.NONE);
        var b = reading(1, TargetCpuWait.NONE);
        assertNull(TargetCpuWait.waitShare(List.of(a, b), 1));
        assertNull(TargetCpuWait.throttledShare(List.of(a, b)));
        assertNull(TargetCpuWait.waitShare(List.of(reading(0, new TargetCpuWait(1.0, 1.0, 1.0, 1.0))), 1), "one reading");
    }

    private static TargetMetrics.Reading reading(long nanos, TargetCpuWait w) {
        return new TargetMetrics.Reading(nanos, null, null, null, w);
    }
}
