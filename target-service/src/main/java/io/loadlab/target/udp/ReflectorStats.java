package io.loadlab.target.udp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one receiving socket counted. Single writer, the socket's thread; any thread may read.
 * Plain longs published with release stores: no atomic read-modify-write per datagram.
 */
final class ReflectorStats {

    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counts = new long[ReflectorCounter.values().length];

    /** Writer only. */
    void add(ReflectorCounter counter, long amount) {
        int i = counter.ordinal();
        COUNTS.setRelease(counts, i, counts[i] + amount);
    }

    /** Writer only. */
    void increment(ReflectorCounter counter) {
        add(counter, 1);
    }

    /** Any thread: the latest published value. */
    long get(ReflectorCounter counter) {
        return (long) COUNTS.getAcquire(counts, counter.ordinal());
    }
}
