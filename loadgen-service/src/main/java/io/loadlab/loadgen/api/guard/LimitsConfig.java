package io.loadlab.loadgen.api.guard;

import io.loadlab.loadgen.run.Violations;
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

    /** Checks what every kind of run shares: its rate, its duration and its warm-up. */
    default void checkPace(Violations v, double rate, Duration duration, Duration warmup) {
        v.check(rate <= maxRate(), "rate", "must be at most " + maxRate() + " per second (loadgen.limits.max-rate)");
        v.check(duration.compareTo(maxDuration()) <= 0, "duration",
                "must be at most " + maxDuration() + " (loadgen.limits.max-duration)");
        v.check(warmup.compareTo(maxDuration()) <= 0, "warmup",
                "must be at most " + maxDuration() + " (loadgen.limits.max-duration)");
    }
}
