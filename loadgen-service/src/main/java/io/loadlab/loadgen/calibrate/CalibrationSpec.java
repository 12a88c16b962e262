package io.loadlab.loadgen.calibrate;

import io.loadlab.loadgen.run.Violations;

import java.time.Duration;

/**
 * How long and how wide to measure the generator's ceiling: each of the three shapes (HTTP keep-alive, HTTP with a
 * connection per request, UDP) runs {@code warmup} then {@code duration}, HTTP on {@code connections} connections
 * over {@code threads} event loops. Validated when built, every bad field named; bounded so a calibration costs at
 * most 3 × (30 s + 10 s) of load on loopback.
 */
public record CalibrationSpec(Duration duration, Duration warmup, int connections, int threads) {

    /** 3 s measured per shape: at the 20k-60k requests/s seen here that is 60k+ requests, far past 1,000. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(3);
    /** 1 s of warm-up: the first calibration in a fresh JVM otherwise measures the JIT (about half the rate). */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(1);
    public static final Duration MAX_DURATION = Duration.ofSeconds(30);
    public static final Duration MAX_WARMUP = Duration.ofSeconds(10);
    public static final int DEFAULT_CONNECTIONS = 16;
    /** Loopback connections, not a target's: more than 256 only measures the kernel's accept queue. */
    public static final int MAX_CONNECTIONS = 256;
    public static final int MAX_THREADS = 64;

    public CalibrationSpec {
        duration = duration == null ? DEFAULT_DURATION : duration;
        warmup = warmup == null ? DEFAULT_WARMUP : warmup;
        Violations v = new Violations();
        v.check(duration.compareTo(Duration.ofMillis(100)) >= 0 && duration.compareTo(MAX_DURATION) <= 0, "duration",
                "must be from 100ms to " + MAX_DURATION.toSeconds() + "s");
        v.check(!warmup.isNegative() && warmup.compareTo(MAX_WARMUP) <= 0, "warmup",
                "must be from 0s to " + MAX_WARMUP.toSeconds() + "s");
        v.check(connections >= 1 && connections <= MAX_CONNECTIONS, "connections",
                "must be from 1 to " + MAX_CONNECTIONS);
        v.check(threads >= 1 && threads <= Math.min(MAX_THREADS, Math.max(1, connections)), "threads",
                "must be from 1 to " + MAX_THREADS + " and not exceed connections");
        v.throwIfAny();
    }

    /** The defaults: 1 s warm-up and 3 s measured per shape, 16 connections on one event loop. */
    public static CalibrationSpec defaults() {
        return new CalibrationSpec(null, null, DEFAULT_CONNECTIONS, 1);
    }
}
