package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.RateSchedule;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * Policy limits on what one run may ask for; a spec beyond any of them is refused with a 400 naming
 * the field. Defaults are safe for a shared machine; raise them deliberately.
 */
@ConfigMapping(prefix = "loadgen.limits")
public interface LimitsConfig {

    @WithDefault("10000")
    int maxConnections();

    /** Requests (or messages) per second, in total. */
    @WithDefault("1000000")
    double maxRate();

    /** Applies to the measured part and to the warm-up, each. */
    @WithDefault("1h")
    Duration maxDuration();

    /** Request body size, UTF-8 bytes. */
    @WithDefault("1048576")
    int maxBodyBytes();

    @WithDefault("64")
    int maxHeaders();

    @WithDefault("64")
    int maxThreads();

    /**
     * Whether a run may say {@code tls.insecure: true} (accept any certificate). Off: a traffic gun that skips
     * verification can be pointed at a host pretending to be an allowed one.
     */
    @WithDefault("false")
    boolean allowInsecureTls();

    /** Concurrent HTTP/2 streams per connection (h2load's {@code -m}); connections x streams requests in flight. */
    @WithDefault("256")
    int maxStreams();

    /** The longest time one request (or probe) may wait for its answer: a run ends at most this after its duration. */
    @WithDefault("60s")
    Duration maxTimeout();

    /** Checks what every kind of run shares: its rate, its duration and its warm-up. */
    default void checkPace(Violations v, double rate, Duration duration, Duration warmup) {
        checkRate(v, "rate", rate);
        v.check(duration.compareTo(maxDuration()) <= 0, "duration",
                "must be at most " + maxDuration() + " (loadgen.limits.max-duration)");
        v.check(warmup.compareTo(maxDuration()) <= 0, "warmup",
                "must be at most " + maxDuration() + " (loadgen.limits.max-duration)");
    }

    /**
     * An open-model rate: 0 (closed model, where a kind has one) or from {@link RateSchedule#MIN_PER_SECOND}
     * to {@code max-rate}. Negative rates are the record's to refuse, with its own message.
     */
    default void checkRate(Violations v, String field, double rate) {
        v.check(rate <= maxRate(), field, "must be at most " + maxRate() + " per second (loadgen.limits.max-rate)");
        v.check(!(rate > 0 && rate < RateSchedule.MIN_PER_SECOND), field,
                "must be 0 or at least " + RateSchedule.MIN_PER_SECOND + " per second");
    }

    default void checkTimeout(Violations v, String field, Duration timeout) {
        v.check(timeout.compareTo(maxTimeout()) <= 0, field,
                "must be at most " + maxTimeout() + " (loadgen.limits.max-timeout)");
    }
}
