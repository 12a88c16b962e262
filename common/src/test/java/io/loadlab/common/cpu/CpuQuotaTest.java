package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CpuQuotaTest {

    @Test
    void v1() {
        assertEquals(OptionalDouble.of(Double.POSITIVE_INFINITY),
                CpuQuota.v1(Resources.text("v1-unlimited.cfs_quota_us"), Resources.text("v1.cfs_period_us")));
        assertEquals(OptionalDouble.of(0.5), CpuQuota.v1("50000\n", Resources.text("v1.cfs_period_us")));
        assertEquals(OptionalDouble.of(3.0), CpuQuota.v1("300000", "100000"));
        assertEquals(OptionalDouble.empty(), CpuQuota.v1("", "100000"));
        assertEquals(OptionalDouble.empty(), CpuQuota.v1("50000", "0"));
    }

    @Test
    void v2() {
        assertEquals(OptionalDouble.of(Double.POSITIVE_INFINITY), CpuQuota.v2("max 100000\n"));
        assertEquals(OptionalDouble.of(1.5), CpuQuota.v2("150000 100000\n"));
        assertEquals(OptionalDouble.empty(), CpuQuota.v2("150000"));
        assertEquals(OptionalDouble.empty(), CpuQuota.v2("lots 100000"));
    }
}
