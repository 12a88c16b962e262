package io.loadlab.common.cpu;

import java.util.Optional;

/**
 * One thread's line of {@code /proc/<pid>/task/<tid>/schedstat}: nanoseconds on a CPU, nanoseconds runnable but
 * waiting on a run queue (throttled time included: a throttled group's tasks stay queued), and timeslices run.
 */
public record Schedstat(long runNanos, long waitNanos) {

    /** The first two fields of a schedstat line; empty when the text is not one. */
    public static Optional<Schedstat> parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 2) {
            return Optional.empty();
        }
        try {
            long run = Long.parseLong(f[0]);
            long wait = Long.parseLong(f[1]);
            return run < 0 || wait < 0 ? Optional.empty() : Optional.of(new Schedstat(run, wait));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
