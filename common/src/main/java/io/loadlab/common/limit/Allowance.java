package io.loadlab.common.limit;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Units of one resource that many threads take and give back, never more than {@code limit} held at once: a
 * compare-and-set on the count, so a take that would pass the limit takes nothing and is counted as refused. The target
 * holds its request bodies, its answers' direct memory and its TLS handshakes to one each (issue 42).
 */
public final class Allowance {

    private final long limit;
    private final AtomicLong held = new AtomicLong();
    private final LongAdder refused = new LongAdder();

    /**
     * @param setting what sets the limit, named when it is under 1
     */
    public Allowance(long limit, String setting) {
        if (limit < 1) {
            throw new IllegalArgumentException(setting + " must be at least 1, not " + limit);
        }
        this.limit = limit;
    }

    /** Takes {@code units} if they fit under the limit; false, taking nothing and counting a refusal, if not. */
    public boolean tryTake(long units) {
        long now;
        do {
            now = held.get();
            if (now + units > limit) {
                refused.increment();
                return false;
            }
        } while (!held.compareAndSet(now, now + units));
        return true;
    }

    /** Gives back {@code units} taken before. */
    public void giveBack(long units) {
        held.addAndGet(-units);
    }

    public long held() {
        return held.get();
    }

    public long limit() {
        return limit;
    }

    /** Takes refused since start. */
    public long refused() {
        return refused.sum();
    }
}
