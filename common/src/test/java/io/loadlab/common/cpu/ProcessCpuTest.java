package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessCpuTest {

    @Test
    void readsUtimeAndStimeAfterAProcessNameWithSpaces() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 30 0 0 20 0 40 0 100 0 0";
        ProcessCpu cpu = ProcessCpu.parse(stat);
        assertEquals(2_500_000_000L, cpu.userNanos());
        assertEquals(300_000_000L, cpu.systemNanos());
    }

    @Test
    void utilisationIsPercentOfOneCpu() {
        double[] u = new ProcessCpu(1_500_000_000L, 500_000_000L).utilisationSince(new ProcessCpu(500_000_000L, 0), 2_000_000_000L);
        assertArrayEquals(new double[] {75.0, 50.0, 25.0}, u, 1e-9);
    }

    @Test
    void thisProcessReadsItsOwnCpuAndItOnlyGrows() {
        ProcessCpu before = ProcessCpu.read().orElseThrow(() -> new AssertionError("/proc/self/stat unreadable"));
        long spin = System.nanoTime() + 200_000_000L; // 200 ms on a CPU: at least one 10 ms tick however busy
        while (System.nanoTime() < spin) {
            Thread.onSpinWait();
        }
        long total = ProcessCpu.totalNanos();
        assertTrue(total > before.userNanos() + before.systemNanos(), "CPU time grew over a 200 ms spin: " + total);
    }
}
