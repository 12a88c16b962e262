package io.loadlab.common.cpu;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The process's threads' run-queue wait, summed: the second field of every {@code <tasks>/<tid>/schedstat}.
 * A thread's figure vanishes with the thread, so the sum over live threads alone could go down; this keeps what
 * each thread had at the last reading once it has gone (or its tid was reused), so the total only grows, as a
 * Prometheus counter must. Lost: the wait of threads born and ended between two readings (the JVM's are
 * long-lived: event loops, GC and JIT threads). Readings are serialised; one costs a directory listing and a
 * read per thread, fine at scrape intervals, not for a hot path.
 */
public final class RunQueueWait {

    private final Path tasks;
    private final Map<Long, Long> lastByTid = new HashMap<>();
    private long retiredNanos;
    private long lastTotal;

    private RunQueueWait(Path tasks) {
        this.tasks = tasks;
    }

    /** The reader for {@code /proc/self/task}; empty where the kernel has no schedstat (CONFIG_SCHEDSTATS off). */
    public static Optional<RunQueueWait> ofSelf() {
        return of(Path.of("/proc/self/task"));
    }

    /** The reader for a task directory; empty unless a thread's schedstat there can be read and parsed. */
    public static Optional<RunQueueWait> of(Path tasks) {
        RunQueueWait w = new RunQueueWait(tasks);
        return w.read().isEmpty() ? Optional.empty() : Optional.of(w);
    }

    /** Total wait so far, in nanoseconds; never less than the previous reading. */
    public synchronized long totalNanos() {
        Map<Long, Long> now = read();
        lastByTid.forEach((tid, before) -> {
            Long after = now.get(tid);
            if (after == null || after < before) {
                retiredNanos += before;
            }
        });
        lastByTid.clear();
        lastByTid.putAll(now);
        long total = retiredNanos + now.values().stream().mapToLong(Long::longValue).sum();
        lastTotal = Math.max(lastTotal, total);
        return lastTotal;
    }

    /** {@link #totalNanos()} in seconds. */
    public double totalSeconds() {
        return totalNanos() / 1e9;
    }

    /** tid to wait nanoseconds, for every thread whose schedstat could be read now. */
    private Map<Long, Long> read() {
        Map<Long, Long> out = new HashMap<>();
        ThreadSchedstats.read(tasks).forEach((tid, s) -> out.put(tid, s.waitNanos()));
        return out;
    }
}
