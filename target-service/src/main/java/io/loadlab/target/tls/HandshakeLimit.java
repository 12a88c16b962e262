package io.loadlab.target.tls;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * At most {@code max} TLS handshakes in progress on the HTTPS port, whatever their event loop. Without it 1,000
 * ClientHellos that never went on held 1,000 handshakes, each worth a key exchange and a signature, on the loops the
 * plain port shares: its probes went from 23 ms to 5.3 s (issue 42). A connection past the bound is refused before
 * any of that work ({@link LimitedEngineOptions}); one taken is given back when its handshake ends, done, failed,
 * timed out or cut.
 */
final class HandshakeLimit {

    private final int max;
    private final AtomicInteger inProgress = new AtomicInteger();
    private final LongAdder refused = new LongAdder();

    HandshakeLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("target.https.max-handshakes must be at least 1, not " + max);
        }
        this.max = max;
    }

    /** Takes one handshake's room, or counts a refusal and says no. */
    boolean tryAcquire() {
        while (true) {
            int now = inProgress.get();
            if (now >= max) {
                refused.increment();
                return false;
            }
            if (inProgress.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    void release() {
        inProgress.decrementAndGet();
    }

    int inProgress() {
        return inProgress.get();
    }

    long refused() {
        return refused.sum();
    }

    int max() {
        return max;
    }
}
