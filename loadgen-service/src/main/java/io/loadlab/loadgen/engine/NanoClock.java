package io.loadlab.loadgen.engine;

/**
 * A monotonic nanosecond time source, as {@link System#nanoTime()}. Injected so that schedules
 * and timelines can be driven by a fake clock in tests.
 */
@FunctionalInterface
public interface NanoClock {

    /** Nanoseconds from an arbitrary origin; only differences are meaningful. */
    long nanoTime();
}
