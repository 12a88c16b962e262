package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;

import java.util.HashSet;
import java.util.Set;

/**
 * The {@code name} label values of {@code loadgen_requests_total}, bounded over the process's life: the first
 * {@link #MAX} names seen keep their own series, later ones share {@link #OTHER}. A cap rather than "the last run's
 * names": a counter removed and registered again restarts at 0, which Prometheus' {@code rate()} reads as a reset
 * and a scrape between two runs would lose; a capped set keeps every counter monotonic. With {@link #MAX} = 32 (one
 * full mix) the label set is at most 35 values (those, {@link RequestSpec#SINGLE}, {@link #OTHER} and
 * {@link #CONNECTION}), 245 series with the 7 outcomes; a process running the same few mixes stays far below.
 * Names are {@code [A-Za-z0-9_.-]}, so the two values in parentheses cannot be a spec's. Thread-safe.
 */
final class NameLabels {

    static final int MAX = RequestSpec.MAX_NAMES;
    /** Names past the cap. */
    static final String OTHER = "(other)";
    /** A mix run's failures outside any request (a connection that never opened), so the names add up to the totals. */
    static final String CONNECTION = "(connection)";

    private final Set<String> known = new HashSet<>();

    /** The label for {@code name}: itself while the cap allows, {@link #OTHER} after. */
    synchronized String of(String name) {
        if (known.contains(name) || RequestSpec.SINGLE.equals(name)) {
            return name;
        }
        if (known.size() < MAX) {
            known.add(name);
            return name;
        }
        return OTHER;
    }
}
