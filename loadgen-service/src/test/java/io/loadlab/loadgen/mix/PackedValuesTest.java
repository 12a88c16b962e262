package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values packed into one array of bytes and one of ends: byte for byte what {@link String#getBytes} gives. */
class PackedValuesTest {

    static final List<String> ODD = List.of("", "1", "ünï", "字", "😀 a pair", "a\u0000b\r\n", "lone \uD800 high",
            "lone \uDC00 low", "end high \uD83D", "x".repeat(ValueSpec.MAX_VALUE_BYTES));

    private static byte[] packed(PackedValues p, int i) {
        return Arrays.copyOfRange(p.array(), p.start(i), p.start(i) + p.length(i));
    }

    @Test
    void everyValueIsItsUtf8BytesExactlyAndTheLongestIsKnown() {
        PackedValues p = PackedValues.of(ODD);
        assertEquals(ODD.size(), p.size());
        int longest = 0;
        for (int i = 0; i < ODD.size(); i++) {
            byte[] utf8 = ODD.get(i).getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(utf8, packed(p, i), "value " + i);
            assertEquals(utf8.length, PackedValues.utf8Length(ODD.get(i)), "value " + i);
            longest = Math.max(longest, utf8.length);
        }
        assertEquals(longest, p.longest());
        assertEquals(List.of("", "1", "ünï", "字", "😀 a pair"), p.toList().subList(0, 5));
    }

    /** Random text of every plane, surrogates alone included: the builder is String.getBytes, without the strings. */
    @Test
    void randomTextPacksAsStringGetBytes() {
        SplittableRandom r = new SplittableRandom(42);
        List<String> values = new ArrayList<>();
        for (int n = 0; n < 2000; n++) {
            StringBuilder s = new StringBuilder();
            for (int k = r.nextInt(12); k > 0; k--) {
                s.append((char) (r.nextBoolean() ? r.nextInt(0x80) : r.nextInt(0x10000)));
            }
            values.add(s.toString());
        }
        PackedValues.Builder small = new PackedValues.Builder(1, 1); // grows past its capacities
        values.forEach(v -> small.append(v).end());
        PackedValues grown = small.build();
        PackedValues exact = PackedValues.of(values);
        for (int i = 0; i < values.size(); i++) {
            byte[] utf8 = values.get(i).getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(utf8, packed(exact, i), "value " + i);
            assertArrayEquals(utf8, packed(grown, i), "value " + i);
        }
    }

    /**
     * A million ten-digit ids read from a file take their bytes and 4 bytes an end: 14 MB, where a list of strings
     * and a byte[] per value took about 100 MB per placeholder.
     */
    @Test
    void aMillionIdsFromAFileTakeTheirBytesAndAnIntEach() throws Exception {
        StringBuilder csv = new StringBuilder("id\n");
        for (int i = 0; i < ValueSpec.MAX_VALUES; i++) {
            csv.append(1_000_000_000L + i).append('\n');
        }
        byte[] file = csv.toString().getBytes(StandardCharsets.US_ASCII);
        PackedValues p = CsvColumn.read(new ByteArrayInputStream(file), "id", file.length);
        assertEquals(ValueSpec.MAX_VALUES, p.size());
        assertEquals("1000000000", p.value(0));
        assertEquals("1000999999", p.value(ValueSpec.MAX_VALUES - 1));
        assertTrue(p.heapBytes() <= file.length + 4L * ValueSpec.MAX_VALUES + 32, "heap " + p.heapBytes());
        assertTrue(p.heapBytes() <= 2 * PackedValues.heapBytes(file.length, CsvColumn.maxRows(file.length)));
    }

    @Test
    void whatIsDerivedIsMadeOnceAndKept() {
        PackedValues p = PackedValues.of(List.of("a", "b"));
        int[] made = new int[1];
        PackedValues d = p.derived("k", x -> {
            made[0]++;
            return PackedValues.of(List.of("A", "B"));
        });
        assertSame(d, p.derived("k", x -> {
            made[0]++;
            return x;
        }));
        assertEquals(1, made[0]);
        assertSame(p, p.derived("same", x -> x));
    }
}
