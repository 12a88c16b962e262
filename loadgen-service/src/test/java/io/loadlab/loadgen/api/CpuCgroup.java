package io.loadlab.loadgen.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A cgroup v1 {@code cpu} group the test creates under {@code /sys/fs/cgroup/cpu} (the machines here mount the cpu
 * controller there, alone) and removes in {@link #close()}, moving whatever is left in it back to the root group
 * first. Needs root; without it, or without that hierarchy, creating one fails with a message saying so.
 * <ul>
 * <li>{@link #shares(int)} at {@link #PROMISED} is a core promised: against nice-0 processes in the root group
 *     (weight 1024 each) the group gets 262144 / (262144 + 1024 n) of a contested core, over 99% with two busy
 *     neighbours. Kubernetes gives Guaranteed pods shares in the same way (1024 per requested core, best-effort 2).</li>
 * <li>{@link #quota(long)}: a CFS quota per 100 ms period, as a CPU limit.</li>
 * </ul>
 */
final class CpuCgroup implements AutoCloseable {

    static final Path ROOT = Path.of("/sys/fs/cgroup/cpu");
    /** The largest cpu.shares v1 accepts. */
    static final int PROMISED = 262_144;

    private final Path dir;

    CpuCgroup(String name) throws IOException {
        if (!Files.isWritable(ROOT.resolve("cgroup.procs"))) {
            throw new AssertionError("needs root and the cgroup v1 cpu controller mounted at " + ROOT);
        }
        dir = ROOT.resolve(name);
        removeLeftover(dir);
        Files.createDirectory(dir);
    }

    CpuCgroup shares(int shares) throws IOException {
        Files.writeString(dir.resolve("cpu.shares"), Integer.toString(shares));
        return this;
    }

    /** {@code quotaMicros} of CPU per 100 ms; -1 removes the quota. */
    CpuCgroup quota(long quotaMicros) throws IOException {
        Files.writeString(dir.resolve("cpu.cfs_period_us"), "100000");
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(quotaMicros));
        return this;
    }

    /** The file a process joins the group by, writing its pid. */
    Path procs() {
        return dir.resolve("cgroup.procs");
    }

    /** Moves a process, all its threads, into the group. */
    void join(long pid) throws IOException {
        Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
    }

    /** Moves a process back to the root group. */
    static void leave(long pid) throws IOException {
        Files.writeString(ROOT.resolve("cgroup.procs"), Long.toString(pid));
    }

    @Override
    public void close() {
        removeLeftover(dir);
    }

    private static void removeLeftover(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try {
            for (String task : Files.readAllLines(dir.resolve("tasks"))) {
                try {
                    Files.writeString(ROOT.resolve("tasks"), task.trim());
                } catch (IOException ended) {
                    // the task ended meanwhile
                }
            }
            Files.delete(dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot remove cgroup " + dir + " (still in it: " + tasks(dir) + ")", e);
        }
    }

    private static List<String> tasks(Path dir) {
        try {
            return Files.readAllLines(dir.resolve("tasks"));
        } catch (IOException e) {
            return List.of();
        }
    }
}
