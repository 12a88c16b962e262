package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class TargetMetricsTest {

    static final String TEXT = """
            # HELP process_cpu_usage The "recent cpu usage" for the Java Virtual Machine process
            # TYPE process_cpu_usage gauge
            process_cpu_usage{application="target-service",cores="4"} 0.25
            system_cpu_count{application="target-service",cores="4"} 8.0
            process_cpu_time_ns_total{application="target-service",cores="4"} 4.28E9
            """;

    @Test
    void readsLabelledAndBareSamples() {
        TargetMetrics.Reading r = TargetMetrics.parse(TEXT, 7);
        assertEquals(4.28e9, r.cpuTimeNanos());
        assertEquals(0.25, r.cpuUsage());
        assertEquals(8.0, r.cpuCount());
        assertEquals(1.5, TargetMetrics.value("up 1.5\n", "up"));
        assertNull(TargetMetrics.value("upper 1\n", "up"));
    }

    @Test
    void cpuTimeOverWallTimesCores() {
        var a = new TargetMetrics.Reading(0, 1e9, null, null, TargetCpuWait.NONE);
        var b = new TargetMetrics.Reading(2_000_000_000L, 4.6e9, null, null, TargetCpuWait.NONE);
        assertEquals(0.9, TargetMetrics.utilisation(List.of(a, b), 2), 1e-9);
        assertNull(TargetMetrics.utilisation(List.of(a), 2), "one reading measures nothing");
    }

    @Test
    void withoutCpuTimeTheMachineFractionIsScaledToTheTargetsCores() {
        var a = new TargetMetrics.Reading(0, null, 0.25, 8.0, TargetCpuWait.NONE);
        var b = new TargetMetrics.Reading(1, null, 0.5, 8.0, TargetCpuWait.NONE);
        // 0.25 x 8 / 4 = 0.5 and 0.5 x 8 / 4 = 1.0
        assertEquals(0.75, TargetMetrics.utilisation(List.of(a, b), 4), 1e-9);
    }
}
