package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunQueueWaitTest {

    @TempDir
    Path tasks;

    private void thread(long tid, long run, long wait) throws IOException {
        Files.createDirectories(tasks.resolve(Long.toString(tid)));
        Files.writeString(tasks.resolve(tid + "/schedstat"), run + " " + wait + " 7\n");
    }

    private void ended(long tid) throws IOException {
        Files.delete(tasks.resolve(tid + "/schedstat"));
        Files.delete(tasks.resolve(Long.toString(tid)));
    }

    @Test
    void sumsThreadsAndKeepsWhatEndedThreadsWaited() throws IOException {
        thread(10, 5, 100);
        thread(11, 5, 40);
        RunQueueWait w = RunQueueWait.of(tasks).orElseThrow();
        assertEquals(140, w.totalNanos());
        thread(11, 9, 70);
        assertEquals(170, w.totalNanos());
        ended(11);
        assertEquals(170, w.totalNanos(), "a thread's wait stays counted after it ends");
        thread(11, 1, 3); // the tid reused by a new thread
        assertEquals(173, w.totalNanos());
        thread(12, 1, 10);
        thread(10, 6, 120);
        assertEquals(203, w.totalNanos());
    }

    @Test
    void noSchedstatNoReader() throws IOException {
        assertTrue(RunQueueWait.of(tasks).isEmpty(), "an empty task directory");
        Files.createDirectories(tasks.resolve("5"));
        Files.writeString(tasks.resolve("5/schedstat"), "not a schedstat\n");
        assertTrue(RunQueueWait.of(tasks).isEmpty());
        assertTrue(RunQueueWait.of(tasks.resolve("missing")).isEmpty());
    }

    @Test
    void moreBusyThreadsThanCpusWaitForOneAnother() throws InterruptedException {
        RunQueueWait w = RunQueueWait.ofSelf().orElseThrow(() -> new AssertionError("this kernel has no /proc/self/task/*/schedstat"));
        long before = w.totalNanos();
        List<Thread> busy = new ArrayList<>();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        for (int i = 0; i < Runtime.getRuntime().availableProcessors() + 2; i++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (System.nanoTime() < until) {
                    x++;
                }
                if (x == 42) {
                    System.out.print("");
                }
            });
            t.start();
            busy.add(t);
        }
        for (Thread t : busy) {
            t.join();
        }
        // the spinning threads have ended; what they waited is still in the total
        long after = w.totalNanos();
        assertTrue(after > before, "with more runnable threads than CPUs some wait: " + before + " -> " + after);
    }
}
