package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PacerTest {

    @Test
    void waitsUntilTheAverageRateAllowsMore() {
        Pacer p = new Pacer(8_000_000, 1_000); // 1 MB/s
        assertEquals(0, p.waitNanos(0, 1_000));
        assertEquals(1_000_000, p.waitNanos(1_000, 1_000)); // 1000 bytes are due after 1 ms
        assertEquals(0, p.waitNanos(1_000, 1_001_000));
        assertEquals(0, p.waitNanos(1_000, 5_000_000), "a stall is made up, not waited out");
    }

    @Test
    void unlimitedNeverWaits() {
        assertEquals(0, new Pacer(0, 0).waitNanos(Long.MAX_VALUE / 16, 0));
    }
}
