package io.loadlab.common.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every thread's {@code <tasks>/<tid>/schedstat} at one instant, and the busiest threads between two such readings.
 * "Busy" is on a CPU plus runnable but waiting for one: a loop that shares its core with a neighbour runs half the
 * time and waits the other half, and its CPU time alone would call it half idle. One reading costs a directory
 * listing and a read per thread: for sampling once a second or at a run's ends, not for a hot path.
 */
public final class ThreadSchedstats {

    /** This process's threads. */
    public static final Path SELF = Path.of("/proc/self/task");

    private ThreadSchedstats() {
    }

    /** tid to schedstat for every thread readable now; empty when none can be (no schedstat, no /proc). */
    public static Map<Long, Schedstat> read(Path tasks) {
        Map<Long, Schedstat> out = new HashMap<>();
        try (Stream<Path> list = Files.list(tasks)) {
            list.forEach(t -> {
                try {
                    long tid = Long.parseLong(t.getFileName().toString());
                    Schedstat.parse(Files.readString(t.resolve("schedstat"))).ifPresent(s -> out.put(tid, s));
                } catch (IOException | NumberFormatException gone) {
                    // ended between listing and reading, or not a thread
                }
            });
        } catch (IOException | RuntimeException unreadable) {
            out.clear();
        }
        return out;
    }

    /**
     * The mean, over the {@code n} threads busiest between two readings, of (CPU + waiting) / {@code wallNanos}, each
     * capped at 1: an event-loop generator's demand, as many threads as it has loops. A thread born in between counts
     * whole; one that ended is not seen. 0 for no wall time, no threads or {@code n} below 1.
     */
    public static double busiest(Map<Long, Schedstat> before, Map<Long, Schedstat> after, long wallNanos, int n) {
        if (wallNanos <= 0 || n < 1 || after.isEmpty()) {
            return 0;
        }
        double[] top = after.entrySet().stream().mapToDouble(e -> {
            Schedstat b = before.get(e.getKey());
            long busy = e.getValue().runNanos() + e.getValue().waitNanos()
                    - (b == null ? 0 : b.runNanos() + b.waitNanos());
            return Math.min(1.0, Math.max(0, busy) / (double) wallNanos);
        }).boxed().sorted(Comparator.reverseOrder()).limit(n).mapToDouble(Double::doubleValue).toArray();
        double sum = 0;
        for (double d : top) {
            sum += d;
        }
        return sum / n;
    }
}
