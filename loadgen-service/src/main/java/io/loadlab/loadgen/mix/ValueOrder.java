package io.loadlab.loadgen.mix;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How a placeholder's values are taken: in order, a pass at a time, or drawn at random from the connection's stream. */
public enum ValueOrder {
    /**
     * One pass over the values after another, in their order, shared by every connection of the run (one counter per
     * value, taken atomically as each request is rendered): each value once per pass. Which connection sends which
     * value depends on timing; the multiset sent does not.
     */
    SEQUENTIAL,
    /** Uniform, with replacement, from the connection's own seeded stream: reproducible per connection. */
    RANDOM;

    /** As users write it, in the API and on disk: a spec written out reads back through the http reader. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The order named {@code id}, null for none. */
    @JsonCreator
    public static ValueOrder of(String id) {
        for (ValueOrder o : values()) {
            if (o.id().equals(id)) {
                return o;
            }
        }
        return null;
    }
}
