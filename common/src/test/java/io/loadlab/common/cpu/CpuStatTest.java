package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CpuStatTest {

    @Test
    void v1WithoutAQuotaCountsNothing() {
        assertEquals(Optional.of(new CpuStat(0, 0, 0)), CpuStat.parse(Resources.text("v1-unlimited.cpu.stat")));
    }

    @Test
    void v1ThrottledTimeIsInNanoseconds() {
        // a busy loop under a 20 ms / 100 ms quota for 2 s, on this machine
        assertEquals(Optional.of(new CpuStat(22, 21, 571_496_832L)), CpuStat.parse(Resources.text("v1-throttled.cpu.stat")));
    }

    @Test
    void v2ThrottledTimeIsInMicroseconds() {
        String v2 = """
                usage_usec 8253271
                user_usec 5613201
                system_usec 2640070
                core_sched.force_idle_usec 0
                nr_periods 1210
                nr_throttled 388
                throttled_usec 21750326
                nr_bursts 0
                burst_usec 0
                """;
        assertEquals(Optional.of(new CpuStat(1210, 388, 21_750_326_000L)), CpuStat.parse(v2));
    }

    @Test
    void aV2GroupWithoutTheCpuControllerHasNoBandwidthFigures() {
        // this machine's unified root: usage only
        assertEquals(Optional.empty(), CpuStat.parse(Resources.text("v2-root-without-cpu-controller.cpu.stat")));
    }
}
