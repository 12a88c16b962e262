package io.loadlab.common.cores;

import java.util.OptionalInt;

/**
 * The number of CPUs this process can actually run on, the one figure behind its event loops, its UDP
 * sockets and its {@code cores} tag: {@link Runtime#availableProcessors()} (the cpuset, and the cgroup CPU
 * quota where the JVM reads one), capped by the CPU limit in {@value #LIMIT_ENV} when it is set.
 *
 * <p>The limit only ever lowers the count. Kubernetes' Downward API gives {@code limits.cpu} as the node's
 * allocatable CPU when a container has no limit: on a 2-core node with the static CPU manager that read 2
 * while the loadgen's cpuset, the shared pool, held 1 CPU, and the loadgen ran 2 event loops and reported
 * {@code cores=1}. With a real limit the JVM's quota detection already agrees; the cap covers a JVM that
 * misses the quota and a fractional limit, which both round up to whole CPUs.
 */
public final class Cores {

    /** Whole CPUs, as the Downward API writes {@code limits.cpu} with divisor 1 (rounded up). */
    public static final String LIMIT_ENV = "LOADLAB_CPU_LIMIT";

    private Cores() {
    }

    /**
     * @param availableProcessors what the JVM reports, at least 1
     * @param limit               a CPU limit in whole CPUs (at least 1), or empty for none
     * @return {@code availableProcessors}, or the limit where it is smaller
     */
    public static int of(int availableProcessors, OptionalInt limit) {
        if (availableProcessors < 1) {
            throw new IllegalArgumentException("availableProcessors must be at least 1, not " + availableProcessors);
        }
        if (limit.isPresent() && limit.getAsInt() < 1) {
            throw new IllegalArgumentException(LIMIT_ENV + " must be at least 1, not " + limit.getAsInt());
        }
        return limit.isPresent() ? Math.min(availableProcessors, limit.getAsInt()) : availableProcessors;
    }

    /**
     * Reads {@value #LIMIT_ENV}'s value: absent or blank is no limit; anything but a whole number of CPUs
     * of at least 1 ("1500m", "1.5", "0") is refused, naming the variable, rather than guessed at.
     */
    public static OptionalInt limit(String value) {
        if (value == null || value.isBlank()) {
            return OptionalInt.empty();
        }
        String v = value.trim();
        if (!v.matches("[0-9]{1,9}") || Integer.parseInt(v) < 1) {
            throw new IllegalArgumentException(LIMIT_ENV + " must be a whole number of CPUs, at least 1 (the Downward API's"
                    + " limits.cpu with divisor 1), not '" + value + "'");
        }
        return OptionalInt.of(Integer.parseInt(v));
    }

    /** The rule applied to this process, read now: a native binary follows the machine it runs on. */
    public static int ofThisProcess() {
        return of(Runtime.getRuntime().availableProcessors(), limit(System.getenv(LIMIT_ENV)));
    }
}
