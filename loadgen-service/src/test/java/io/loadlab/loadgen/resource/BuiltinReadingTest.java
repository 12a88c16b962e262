package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class BuiltinReadingTest {

    static final String CPU = """
            # HELP process_cpu_usage The "recent cpu usage" for the Java Virtual Machine process
            # TYPE process_cpu_usage gauge
            process_cpu_usage{application="target-service",cores="4"} 0.25
            system_cpu_count{application="target-service",cores="4"} 8.0
            process_cpu_time_ns_total{application="target-service",cores="4"} 4.28E9
            """;

    static final String WAIT = """
            # TYPE target_cpu_runqueue_wait_seconds_total counter
            target_cpu_runqueue_wait_seconds_total{application="target-service",cores="1"} 12.5
            target_cpu_periods_total{application="target-service",cores="1"} 200.0
            target_cpu_throttled_periods_total{application="target-service",cores="1"} 150.0
            target_cpu_throttled_seconds_total{application="target-service",cores="1"} 7.25
            target_cpu_quota_cores{application="target-service",cores="1"} 0.5
            """;

    @Test
    void readsLabelledAndBareSamples() {
        BuiltinReading r = BuiltinReading.parse(CPU, 7);
        assertEquals(4.28e9, r.cpuTimeNanos());
        assertEquals(0.25, r.cpuUsage());
        assertEquals(8.0, r.cpuCount());
        assertEquals(1.5, BuiltinReading.value("up 1.5\n", "up"));
        assertNull(BuiltinReading.value("upper 1\n", "up"));
    }

    @Test
    void readsTheTargetsCpuMeters() {
        assertEquals(new BuiltinReading(0, null, null, null, 12.5, 200.0, 150.0, 0.5), BuiltinReading.parse(WAIT, 0));
        BuiltinReading older = BuiltinReading.parse(CPU, 0);
        assertNull(older.waitSeconds(), "an older target");
        assertNull(older.quotaCores(), "an older target exports no quota at all");
    }

    @Test
    void anUnlimitedQuotaIsInfinityNotAbsent() {
        assertEquals(Double.POSITIVE_INFINITY, BuiltinReading.parse("target_cpu_quota_cores{a=\"b\"} +Inf\n", 0).quotaCores());
    }
}
