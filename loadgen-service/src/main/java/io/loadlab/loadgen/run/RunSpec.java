package io.loadlab.loadgen.run;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * What every run spec shares, whatever its transport. Implementations are immutable records,
 * validated when built, and registered as a Jackson subtype under their {@link #kind()}.
 */
public interface RunSpec {

    /** What a reader without the token sees in place of a secret: a header's value, a body. */
    String REDACTED = "<redacted>";

    /** The discriminator in JSON: {@code http}, {@code udp-throughput}, ... */
    String kind();

    /** Where the load goes; checked against the allowlist before a run starts. */
    URI target();

    /** How long the measured part of the run lasts (warm-up excluded). */
    Duration duration();

    /** Driven like the run, left out of the report. {@link Duration#ZERO} for none. */
    Duration warmup();

    /**
     * How many event loops the run drives: the threads a generator's demand is judged over (an agent's part names its
     * busiest this many). 1 for a kind that does not say.
     */
    default int eventLoops() {
        return 1;
    }

    /** Every address the run will send to or read from, each checked against the allowlist; the target first. */
    default List<URI> destinations() {
        return List.of(target());
    }
}
