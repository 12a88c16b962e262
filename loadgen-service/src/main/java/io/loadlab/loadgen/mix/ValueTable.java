package io.loadlab.loadgen.mix;

import java.util.List;

/**
 * One placeholder's values, resolved when a run starts (a file read, a range laid out), with the order they are
 * taken in. Immutable; the http kind encodes each value once into the bytes it writes.
 *
 * @param name   the placeholder
 * @param values at least one, each at most {@link ValueSpec#MAX_VALUE_BYTES}
 * @param source where they came from, for messages: {@code "file ids.csv, column id"}, {@code "range [1, 100]"}, {@code "list"}
 */
public record ValueTable(String name, List<String> values, ValueOrder order, String source) {

    public ValueTable {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values for " + name);
        }
    }

    public int size() {
        return values.size();
    }

    public String value(int index) {
        return values.get(index);
    }
}
