package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A window's busiest threads: CPU plus waiting summed over its samples, per thread, against the window's time. */
class SelfCpuTest {

    @Test
    void theBusiestLoopsAreSummedOverTheWindowsSamples() {
        SelfCpu.Window w = new SelfCpu.Window();
        w.add(0, Map.of(1L, new long[]{100, 0}, 2L, new long[]{0, 0}));
        assertNull(w.busiest(1), "one sample is no window");
        w.add(500, Map.of(1L, new long[]{400, 100}, 2L, new long[]{100, 0}));
        w.add(1_000, Map.of(1L, new long[]{700, 300}, 2L, new long[]{150, 50}, 3L, new long[]{100, 0}));
        assertEquals(0.9, w.busiest(1), 1e-12, "thread 1: 600 on CPU + 300 waiting over 1,000 ns");
        assertEquals((0.9 + 0.2) / 2, w.busiest(2), 1e-12);
        assertEquals((0.9 + 0.2 + 0.1) / 3, w.busiest(3), 1e-12, "thread 3, born in the window, counts whole");
        assertEquals(0.9 + 0.2 + 0.1, w.cpu(1) + w.waiting(1), 1e-12);
    }

    @Test
    void noWaitFiguresNoBusiest() {
        SelfCpu.Window w = new SelfCpu.Window();
        w.add(0, Map.of(-1L, new long[]{0, -1}));
        w.add(1_000, Map.of(-1L, new long[]{500, -1}));
        assertNull(w.busiest(1));
        assertEquals(0.5, w.cpu(1), 1e-12);
    }
}
