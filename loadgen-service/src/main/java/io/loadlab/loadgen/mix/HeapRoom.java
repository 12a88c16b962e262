package io.loadlab.loadgen.mix;

/**
 * What the heap can still take, asked before a placeholder's values are built: values that would not fit are a 400
 * naming the field, not an {@link OutOfMemoryError} that ends the process (issue 42: one POST naming a
 * 1,000,000-row file ended a loadgen with the 102 MiB heap of a 256 MiB pod).
 */
@FunctionalInterface
public interface HeapRoom {

    /** The heap kept for everything but values: a run's own state, the API's answers, the next collection's slack. */
    long MIN_MARGIN = 16L << 20;

    /**
     * Bytes values may still take, {@code need} or more when they fit. The heap's own measure counts garbage as used
     * until it is collected: before answering less than {@code need}, it asks for a collection once and measures again.
     */
    long available(long need);

    /**
     * Throws unless {@code need} bytes fit.
     *
     * @param what what needs them, to start the message: {@code "ids.csv"}, {@code "the range"}
     * @throws Refused naming {@code what}, what it needs and what is free
     */
    default void require(long need, String what) {
        long free = available(need);
        if (need > free) {
            throw new Refused(what + " needs up to " + mb(need) + " MB of heap for its values and " + mb(Math.max(0, free))
                    + " MB is free (the loadgen's heap is " + mb(Runtime.getRuntime().maxMemory())
                    + " MB, " + mb(margin(Runtime.getRuntime().maxMemory()))
                    + " MB of it kept for the runs): give fewer values, or the loadgen a larger heap");
        }
    }

    /**
     * This JVM's heap: its maximum, less what is in use, less a margin of an eighth of it and at least
     * {@link #MIN_MARGIN}. Stateless, so one instance serves every caller.
     */
    HeapRoom RUNTIME = need -> {
        long free = free();
        if (free >= need) {
            return free;
        }
        System.gc(); // only when the answer would be no: a refusal is not made of garbage
        return free();
    };

    private static long free() {
        Runtime r = Runtime.getRuntime();
        return r.maxMemory() - (r.totalMemory() - r.freeMemory()) - margin(r.maxMemory());
    }

    private static long margin(long max) {
        return Math.max(MIN_MARGIN, max / 8);
    }

    private static long mb(long bytes) {
        return (bytes + 500_000) / 1_000_000;
    }

    /** Values that would not fit in the heap: a violation of the field that asked for them. */
    final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }
}
