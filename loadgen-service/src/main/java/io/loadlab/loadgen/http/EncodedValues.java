package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueTable;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One placeholder's values, each encoded once per {@link ValueEncoding} it is used in (when the run is built), and
 * how a request draws one: {@link ValueOrder#SEQUENTIAL} from one run-wide counter (each value once per pass, shared
 * by every connection), {@link ValueOrder#RANDOM} from the drawing slot's own seeded stream. Shared by every loop.
 */
final class EncodedValues {

    private final ValueTable table;
    /** By {@link ValueEncoding#ordinal()}: null for an encoding this placeholder is not used in. */
    private final byte[][][] encoded = new byte[ValueEncoding.values().length][][];
    private final int[] longest = new int[ValueEncoding.values().length];
    private final AtomicLong next = new AtomicLong();

    EncodedValues(ValueTable table) {
        this.table = table;
    }

    ValueTable table() {
        return table;
    }

    /** Encodes every value for {@code encoding}, once; a no-op when already done. */
    void prepare(ValueEncoding encoding) {
        int e = encoding.ordinal();
        if (encoded[e] != null) {
            return;
        }
        byte[][] values = new byte[table.size()][];
        int max = 0;
        for (int i = 0; i < values.length; i++) {
            values[i] = encoding.encode(table.value(i));
            max = Math.max(max, values[i].length);
        }
        encoded[e] = values;
        longest[e] = max;
    }

    /** The index of the value a request takes: the next of the run's pass, or one drawn from {@code stream}. */
    int draw(SplittableRandom stream) {
        if (table.order() == ValueOrder.RANDOM) {
            return stream.nextInt(table.size());
        }
        return (int) Math.floorMod(next.getAndIncrement(), (long) table.size());
    }

    byte[] bytes(ValueEncoding encoding, int index) {
        return encoded[encoding.ordinal()][index];
    }

    /** The longest encoded value for {@code encoding}, once prepared. */
    int longest(ValueEncoding encoding) {
        return longest[encoding.ordinal()];
    }
}
