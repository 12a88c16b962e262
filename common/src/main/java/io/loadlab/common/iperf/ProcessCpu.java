package io.loadlab.common.iperf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's CPU time, user and system, from {@code /proc/self/stat} (clock ticks of 10 ms), and iperf3's
 * utilisation figure: CPU time over wall time, in percent of one CPU (iperf3's cpu_util uses getrusage alike).
 */
public record ProcessCpu(long userNanos, long systemNanos) {

    private static final long NANOS_PER_TICK = 10_000_000L;

    /** Now; zeros where /proc is missing (the figures then read 0%, never a failure). */
    public static ProcessCpu now() {
        try {
            return parse(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | RuntimeException e) {
            return new ProcessCpu(0, 0);
        }
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
}
