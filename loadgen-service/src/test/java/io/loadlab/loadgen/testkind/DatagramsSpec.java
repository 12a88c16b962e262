package io.loadlab.loadgen.testkind;

import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;

/**
 * {@code datagrams} UDP datagrams to {@code target} ({@code udp://host:port}), spread evenly over {@code duration}.
 * Validated when built, naming every bad field.
 */
public record DatagramsSpec(URI target, int datagrams, Duration duration, Duration warmup) implements RunSpec {

    public static final String KIND = "test-datagrams";
    /** Enough for a test, small enough that a loopback socket's buffer never drops one. */
    public static final int MAX_DATAGRAMS = 10_000;

    public DatagramsSpec {
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = new Violations();
        if (v.check(target != null, "target", "is required")) {
            v.check("udp".equals(target.getScheme()) && target.getHost() != null && target.getPort() > 0, "target",
                    "must be udp://host:port");
        }
        v.check(datagrams >= 1 && datagrams <= MAX_DATAGRAMS, "datagrams", "must be 1.." + MAX_DATAGRAMS);
        v.check(duration != null && !duration.isZero() && !duration.isNegative(), "duration", "must be above zero");
        v.check(warmup.isZero(), "warmup", "this kind has none");
        v.throwIfAny();
    }

    @Override
    public String kind() {
        return KIND;
    }
}
