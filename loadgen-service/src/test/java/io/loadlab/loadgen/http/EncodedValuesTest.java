package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.PackedValues;
import io.loadlab.loadgen.mix.ValueTable;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A placeholder's values encoded where they land: byte for byte each value's own encoding, made once per values and
 * shared, costing nothing where no byte changes, and refused naming {@code values.X} where it would not fit.
 */
class EncodedValuesTest {

    static final HeapRoom NONE = need -> 0;
    static final HeapRoom AMPLE = need -> Long.MAX_VALUE;

    private static String written(EncodedValues v, ValueEncoding e, int index) {
        ByteBuf out = Unpooled.buffer();
        v.write(out, e, index);
        assertEquals(out.readableBytes(), v.length(e, index));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachValueIsWrittenAsItsOwnEncodingAndSharedByPlaceholdersOnTheSameValues() {
        List<String> text = List.of("a b", "ü\"/\\", "\u0001", "plain-1.2_~");
        PackedValues values = PackedValues.of(text);
        EncodedValues one = new EncodedValues(new ValueTable("a", values, null, "list"), AMPLE);
        EncodedValues two = new EncodedValues(new ValueTable("b", values, null, "list"), NONE);
        for (ValueEncoding e : ValueEncoding.values()) {
            one.prepare(e);
            two.prepare(e); // no room at all: what the first made is shared, nothing more is built
            int longest = 0;
            for (int i = 0; i < text.size(); i++) {
                String expected = new String(e.encode(text.get(i)), StandardCharsets.UTF_8);
                assertEquals(expected, written(one, e, i), e + " " + i);
                assertEquals(expected, written(two, e, i), e + " " + i);
                longest = Math.max(longest, e.encode(text.get(i)).length);
            }
            assertEquals(longest, one.longest(e), e.toString());
        }
        assertEquals("a%20b", written(one, ValueEncoding.PATH, 0));
        assertEquals("\\u0001", written(one, ValueEncoding.JSON_STRING, 2));
    }

    @Test
    void anEncodingThatChangesNothingCostsNothingAndOneThatWouldNotFitIsRefusedNamingThePlaceholder() {
        EncodedValues ids = new EncodedValues(new ValueTable("id", PackedValues.of(List.of("1", "22")), null, "list"), NONE);
        for (ValueEncoding e : ValueEncoding.values()) {
            ids.prepare(e);
            assertEquals("22", written(ids, e, 1), e.toString());
        }
        EncodedValues spaced = new EncodedValues(new ValueTable("q", PackedValues.of(List.of("a b")), null, "list"), NONE);
        spaced.prepare(ValueEncoding.HEADER);
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> spaced.prepare(ValueEncoding.PATH));
        assertEquals("values.q", e.violations().get(0).field());
        assertTrue(e.violations().get(0).message().contains("path needs up to"), e.getMessage());
    }
}
