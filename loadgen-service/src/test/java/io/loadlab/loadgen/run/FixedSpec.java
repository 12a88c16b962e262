package io.loadlab.loadgen.run;

import java.net.URI;
import java.time.Duration;

/**
 * A test-only kind of run ({@code "kind": "fixed"}) that sends nothing: it lasts {@code duration}
 * and reports fixed figures, or fails with {@code failure}. It lets registry, API and persistence
 * tests run before, and independently of, the real transports.
 */
public record FixedSpec(URI target, Duration duration, Duration warmup, String failure) implements RunSpec {

    public static final String KIND = "fixed";

    public FixedSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = new Violations();
        v.check(target != null, "target", "is required");
        v.check(duration != null && !duration.isZero() && !duration.isNegative(), "duration", "must be above zero");
        v.throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }
}
