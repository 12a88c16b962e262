package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.PackedValues;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import io.netty.buffer.ByteBuf;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One placeholder's values, encoded once per {@link ValueEncoding} it is used in (when the run is built; the
 * encoding is shared with every placeholder and run holding the same values, and is the values themselves where it
 * changes nothing), and how a request draws one: {@link ValueOrder#SEQUENTIAL} from one run-wide counter (each value
 * once per pass, shared by every connection), {@link ValueOrder#RANDOM} from the drawing slot's own seeded stream.
 * Shared by every loop; writing a value copies a slice of one array.
 */
final class EncodedValues {

    private final ValueTable table;
    private final HeapRoom room;
    /** By {@link ValueEncoding#ordinal()}: null for an encoding this placeholder is not used in. */
    private final PackedValues[] encoded = new PackedValues[ValueEncoding.values().length];
    private final AtomicLong next = new AtomicLong();

    EncodedValues(ValueTable table, HeapRoom room) {
        this.table = table;
        this.room = room;
    }

    ValueTable table() {
        return table;
    }

    /**
     * Encodes every value for {@code encoding}, once; a no-op when already done.
     *
     * @throws InvalidSpecException naming {@code values.X} when the encoded values would not fit in the heap
     */
    void prepare(ValueEncoding encoding) {
        int e = encoding.ordinal();
        if (encoded[e] != null) {
            return;
        }
        try {
            encoded[e] = encoding.encode(table.values(), room);
        } catch (HeapRoom.Refused refused) {
            throw new InvalidSpecException(List.of(new Violation("values." + table.name(), refused.getMessage())));
        }
    }

    /** The index of the value a request takes: the next of the run's pass, or one drawn from {@code stream}. */
    int draw(SplittableRandom stream) {
        if (table.order() == ValueOrder.RANDOM) {
            return stream.nextInt(table.size());
        }
        return (int) Math.floorMod(next.getAndIncrement(), (long) table.size());
    }

    /** Value {@code index}'s length encoded for {@code encoding}. */
    int length(ValueEncoding encoding, int index) {
        return encoded[encoding.ordinal()].length(index);
    }

    /** Writes value {@code index} encoded for {@code encoding}. */
    void write(ByteBuf out, ValueEncoding encoding, int index) {
        PackedValues values = encoded[encoding.ordinal()];
        out.writeBytes(values.array(), values.start(index), values.length(index));
    }

    /** The longest encoded value for {@code encoding}, once prepared. */
    int longest(ValueEncoding encoding) {
        return encoded[encoding.ordinal()].longest();
    }
}
