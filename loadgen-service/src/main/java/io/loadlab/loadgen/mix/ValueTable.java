package io.loadlab.loadgen.mix;

/**
 * One placeholder's values, resolved when a run starts (a file read, a range laid out), with the order they are
 * taken in. Immutable; the values of a data file are the same instance for every placeholder and run reading the same
 * version of it. The http kind encodes them once into the bytes it writes.
 *
 * @param name   the placeholder
 * @param values at least one, each at most {@link ValueSpec#MAX_VALUE_BYTES}
 * @param source where they came from, for messages: {@code "file ids.csv, column id"}, {@code "range [1, 100]"}, {@code "list"}
 */
public record ValueTable(String name, PackedValues values, ValueOrder order, String source) {

    public ValueTable {
        if (values.size() == 0) {
            throw new IllegalArgumentException("no values for " + name);
        }
    }

    public int size() {
        return values.size();
    }

    /** Value {@code index} as text: for messages and tests. */
    public String value(int index) {
        return values.value(index);
    }
}
