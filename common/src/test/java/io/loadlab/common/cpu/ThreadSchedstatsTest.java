package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadSchedstatsTest {

    @TempDir
    Path tasks;

    @Test
    void readsEveryThreadAndSkipsWhatIsNotOne() throws IOException {
        Files.createDirectories(tasks.resolve("10"));
        Files.writeString(tasks.resolve("10/schedstat"), "500 40 7\n");
        Files.createDirectories(tasks.resolve("11")); // ended between listing and reading: no schedstat
        Files.createDirectories(tasks.resolve("not-a-tid"));
        assertEquals(Map.of(10L, new Schedstat(500, 40)), ThreadSchedstats.read(tasks));
        assertTrue(ThreadSchedstats.read(tasks.resolve("missing")).isEmpty());
    }

    /**
     * One loop saturated on a 4-core agent: its process CPU is a quarter of what the cores could give, but the busiest
     * thread, CPU plus run-queue wait, is the whole wall time. The mean is over as many threads as the part has loops.
     */
    @Test
    void theBusiestThreadsCountCpuAndWaitOverTheWallTime() {
        Map<Long, Schedstat> before = Map.of(1L, new Schedstat(100, 0), 2L, new Schedstat(0, 0), 3L, new Schedstat(50, 50));
        Map<Long, Schedstat> after = Map.of(1L, new Schedstat(700, 400), 2L, new Schedstat(200, 0),
                3L, new Schedstat(150, 50), 4L, new Schedstat(300, 0));
        assertEquals(1.0, ThreadSchedstats.busiest(before, after, 1_000, 1), "600 on CPU + 400 waiting, capped at 1");
        assertEquals((1.0 + 0.3) / 2, ThreadSchedstats.busiest(before, after, 1_000, 2), 1e-12, "a thread born since counts whole");
        assertEquals((1.0 + 0.3 + 0.2 + 0.1) / 4, ThreadSchedstats.busiest(before, after, 1_000, 4), 1e-12);
        assertEquals((1.0 + 0.3 + 0.2 + 0.1) / 6, ThreadSchedstats.busiest(before, after, 1_000, 6), 1e-12,
                "loops that never ran count as idle");
        assertEquals(0, ThreadSchedstats.busiest(before, after, 0, 1));
        assertEquals(0, ThreadSchedstats.busiest(before, Map.of(), 1_000, 1));
    }

    @Test
    void thisProcessHasReadableThreads() {
        assertTrue(ThreadSchedstats.read(ThreadSchedstats.SELF).size() > 1,
                "this kernel has no /proc/self/task/*/schedstat (CONFIG_SCHEDSTATS)");
    }
}
