package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.engine.NanoClock;

import java.time.Duration;

/**
 * When a test's warm-up ends, set once as its streams start: each stream's counter asks how far past it the
 * clock is, so the stream's own thread decides which side of the end each byte and datagram falls on (iperf3's
 * omit window), and the wire's cumulative counts and the report's measured ones come from one consistent cut.
 */
final class WarmupEnd {

    private final NanoClock clock;
    private volatile boolean set;
    private volatile long endNanos;

    WarmupEnd(NanoClock clock) {
        this.clock = clock;
    }

    /** The warm-up starts now and lasts {@code warmup} (zero: everything from now is measured). */
    void startNow(Duration warmup) {
        endNanos = clock.nanoTime() + warmup.toNanos();
        set = true;
    }

    /** Nanoseconds since the warm-up ended; negative before it has, and before {@link #startNow}. */
    long nanosPast() {
        return set ? clock.nanoTime() - endNanos : -1;
    }
}
