package io.loadlab.target.metrics;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CPU wait meters on this machine (schedstat and a cgroup v1 cpu controller), read through /q/metrics. */
@QuarkusTest
class CpuWaitBindingTest {

    private static double sample(String text, String name) {
        Matcher m = Pattern.compile("^" + name + "\\{application=\"target-service\",cores=\"\\d+\"} (\\S+)$", Pattern.MULTILINE).matcher(text);
        assertTrue(m.find(), name + " missing from /q/metrics");
        return "+Inf".equals(m.group(1)) ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1));
    }

    @Test
    void waitThrottlingAndQuotaAreExported() {
        String text = Scrape.now().text();
        double periods = sample(text, "target_cpu_periods_total");
        assertTrue(sample(text, "target_cpu_throttled_periods_total") <= periods);
        assertTrue(sample(text, "target_cpu_throttled_seconds_total") >= 0);
        assertTrue(sample(text, "target_cpu_quota_cores") > 0, "a quota in cores, +Inf without one");
        assertTrue(sample(text, "target_cpu_runqueue_wait_seconds_total") >= 0);
    }

    /**
     * More busy threads than CPUs in this process (the app runs in the test's JVM) must wait, and the counter must
     * show it after a garbage collection: Micrometer holds what a function counter reads weakly, and a collected
     * reader would repeat its last value for ever.
     */
    @Test
    void waitKeepsCountingAfterAGarbageCollection() throws InterruptedException {
        double before = sample(Scrape.now().text(), "target_cpu_runqueue_wait_seconds_total");
        System.gc();
        List<Thread> busy = new ArrayList<>();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        for (int i = 0; i < Runtime.getRuntime().availableProcessors() + 2; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            });
            t.start();
            busy.add(t);
        }
        for (Thread t : busy) {
            t.join();
        }
        double after = sample(Scrape.now().text(), "target_cpu_runqueue_wait_seconds_total");
        assertTrue(after > before, "run-queue wait " + before + " -> " + after);
    }
}
