package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuStat;
import io.loadlab.common.cpu.ProcessCpu;
import io.loadlab.common.cpu.Schedstat;
import io.loadlab.common.cpu.ThreadSchedstats;
import io.loadlab.loadgen.resource.Throttling;

import java.util.HashMap;
import java.util.Map;

/**
 * The loadgen's own CPU: per thread, nanoseconds on a CPU and nanoseconds runnable but waiting for one, from
 * {@code /proc/self/task/<tid>/schedstat}. Waiting matters: a generator sharing its core with a busy neighbour
 * runs half the time and waits the other half; its CPU time alone would call it half idle. Where schedstat is
 * missing, the process CPU time ({@link ProcessCpu}) stands in and waiting is unknown.
 */
final class SelfCpu {

    private SelfCpu() {
    }

    /** tid to {on-CPU ns, waiting ns}; tid -1 holds the process CPU time when schedstat is unavailable. */
    static Map<Long, long[]> sample() {
        Map<Long, long[]> out = new HashMap<>();
        ThreadSchedstats.read(ThreadSchedstats.SELF).forEach((tid, st) -> out.put(tid, new long[]{st.runNanos(), st.waitNanos()}));
        if (out.isEmpty()) {
            long process = ProcessCpu.totalNanos();
            if (process >= 0) {
                out.put(-1L, new long[]{process, -1});
            }
        }
        return out;
    }

    /** Sums, per thread, CPU and waiting between successive samples; threads born in between count whole. */
    static final class Window {
        private final Map<Long, long[]> totals = new HashMap<>();
        private Map<Long, long[]> last;
        private long firstNanos;
        private long lastNanos;
        private boolean waitKnown = true;
        private CpuStat firstCgroup;
        private CpuStat lastCgroup;

        /** The loadgen cgroup's CFS counters at a sample, taken with {@link #add}; null when it has none. */
        void addCgroup(CpuStat stat) {
            if (firstCgroup == null) {
                firstCgroup = stat;
            }
            lastCgroup = stat;
        }

        /** Share of the loadgen cgroup's CFS periods throttled over the window; null without its counters. */
        Double throttled() {
            return firstCgroup == lastCgroup ? null : Throttling.share(firstCgroup, lastCgroup);
        }

        /** Run-queue wait of all threads over the window / (window x cpus); null before two samples or without schedstat. */
        Double waiting(int cpus) {
            if (lastNanos <= firstNanos || !waitKnown) {
                return null;
            }
            long wait = totals.values().stream().mapToLong(t -> t[1]).sum();
            return wait / ((lastNanos - firstNanos) * (double) cpus);
        }

        void add(long nanos, Map<Long, long[]> sample) {
            if (last == null) {
                firstNanos = nanos;
            } else {
                sample.forEach((tid, now) -> {
                    long[] before = last.get(tid);
                    long[] sum = totals.computeIfAbsent(tid, k -> new long[2]);
                    sum[0] += now[0] - (before == null ? 0 : before[0]);
                    if (now[1] < 0) {
                        waitKnown = false;
                    } else {
                        sum[1] += now[1] - (before == null ? 0 : before[1]);
                    }
                });
            }
            last = sample;
            lastNanos = nanos;
        }

        /** CPU time of all threads over the window / (window x cpus); null before two samples. */
        Double cpu(int cpus) {
            if (lastNanos <= firstNanos) {
                return null;
            }
            long cpu = totals.values().stream().mapToLong(t -> t[0]).sum();
            return cpu / ((lastNanos - firstNanos) * (double) cpus);
        }

        /**
         * The mean, over the {@code n} threads with the most CPU + waiting, of (CPU + waiting) / window, each capped
         * at 1; null before two samples or without per-thread figures.
         */
        Double busiest(int n) {
            if (lastNanos <= firstNanos || !waitKnown || totals.isEmpty()) {
                return null;
            }
            // the sums are already each thread's time over the window: nothing to take off; one rule with an agent's
            Map<Long, Schedstat> busy = new HashMap<>();
            totals.forEach((tid, t) -> busy.put(tid, new Schedstat(t[0], t[1])));
            return ThreadSchedstats.busiest(Map.of(), busy, lastNanos - firstNanos, n);
        }
    }
}
