package io.loadlab.target.answer;

import io.loadlab.common.limit.Allowance;

import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;

/**
 * The direct memory encoded answers may hold, cached or still being written, counted here so that an event loop never
 * asks the JDK for direct memory it may not get: once {@code -XX:MaxDirectMemorySize} was full, every miss in
 * {@code ByteBuffer.allocateDirect} made the JDK run {@code System.gc()} and sleep up to half a second before it failed
 * (two clients not reading 256 large answers each: the plain port unanswered for 40 s and more, issue 42). A buffer
 * this budget refuses is never asked for; the caller answers from the heap instead.
 *
 * <p>A buffer's bytes come back to the budget when the JDK frees it (its {@link Cleaner} runs once the buffer is
 * unreachable: evicted and no write still holding it), so the count is what answers really hold, not a guess.
 */
final class DirectBudget {

    /** Of {@code -XX:MaxDirectMemorySize}: the cache's quarter ({@link CacheBudget}), as much again for evicted answers
     * still being written, the rest for Netty's I/O buffers. */
    static final int SHARE_DIVISOR = 2;

    private final Allowance reserved;
    private final Cleaner cleaner = Cleaner.create();

    DirectBudget(long limit) {
        this.reserved = new Allowance(limit, "a direct budget's bytes");
    }

    /** Half of the direct memory the JVM allows. */
    static DirectBudget ofJvm() {
        return new DirectBudget(Math.max(1, CacheBudget.maxDirectMemory() / SHARE_DIVISOR));
    }

    /**
     * A direct buffer of {@code bytes}, or null, without a full collection or a wait, when the budget cannot hold it
     * or the JDK refuses it.
     */
    ByteBuffer allocate(int bytes) {
        if (!reserved.tryTake(bytes)) {
            return null;
        }
        ByteBuffer buffer;
        try {
            buffer = ByteBuffer.allocateDirect(bytes);
        } catch (OutOfMemoryError refused) {
            reserved.giveBack(bytes);
            return null;
        }
        cleaner.register(buffer, () -> reserved.giveBack(bytes));
        return buffer;
    }

    /** Bytes held now by answers in direct memory. */
    long reserved() {
        return reserved.held();
    }

    long limit() {
        return reserved.limit();
    }
}
