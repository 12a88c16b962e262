package io.loadlab.common.cpu;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This process's CPU time, user and system: the one reader of it in both services (the agent's saturation, the
 * calibration's CPU per request, the experiment's fallback where schedstat is missing, iperf's utilisation).
 * <p>
 * Read from {@code /proc/self/stat} (utime and stime, in clock ticks of 10 ms). The JVM's
 * {@code OperatingSystemMXBean.getProcessCpuTime} is no finer on Linux: JDK 17 computes it from {@code times()}, the
 * same ticks (measured: its smallest step over 300 ms of spinning was 10,000,000 ns, and it read 2.05 s where
 * {@code /proc/self/stat} read 172 + 32 ticks = 2.04 s), and it cannot split user from system, which iperf3's
 * {@code cpu_utilization_percent} reports. It stands in only where {@code /proc} is missing.
 */
public record ProcessCpu(long userNanos, long systemNanos) {

    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path STAT = Path.of("/proc/self/stat");

    /** Now, from {@code /proc/self/stat}; empty where it is missing or unreadable. */
    public static Optional<ProcessCpu> read() {
        try {
            return Optional.of(parse(Files.readString(STAT)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Now; zeros where /proc is missing (iperf's figures then read 0%, never a failure, as iperf3's JSON needs one). */
    public static ProcessCpu now() {
        return read().orElse(new ProcessCpu(0, 0));
    }

    /**
     * User plus system nanoseconds now: {@code /proc/self/stat}, else the JVM's process CPU time, else -1 (unknown;
     * callers say what they read then).
     */
    public static long totalNanos() {
        Optional<ProcessCpu> proc = read();
        if (proc.isPresent()) {
            return proc.get().totalNanos0();
        }
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** A {@code /proc/<pid>/stat} line: utime and stime are fields 14 and 15, counted after the ")" of the name. */
    public static ProcessCpu parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        return new ProcessCpu(Long.parseLong(f[11]) * NANOS_PER_TICK, Long.parseLong(f[12]) * NANOS_PER_TICK);
    }

    /** Percent of one CPU used since {@code start}, over {@code wallNanos}: total, user, system. */
    public double[] utilisationSince(ProcessCpu start, long wallNanos) {
        if (wallNanos <= 0) {
            return new double[] {0, 0, 0};
        }
        double user = 100.0 * (userNanos - start.userNanos) / wallNanos;
        double system = 100.0 * (systemNanos - start.systemNanos) / wallNanos;
        return new double[] {user + system, user, system};
    }

    private long totalNanos0() {
        return userNanos + systemNanos;
    }
}
