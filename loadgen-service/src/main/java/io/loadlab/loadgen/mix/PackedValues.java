package io.loadlab.loadgen.mix;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Values kept compactly: their UTF-8 bytes end to end in one array, where each ends in another. A million ten-digit
 * ids take 15 MB so (11 + 4); as a {@code List<String>} and one {@code byte[]} per value and encoding they took about
 * 100 MB of live heap per placeholder (issue 42). Immutable once built, so one instance is shared by every placeholder
 * and run that reads the same file version; what is derived from it (an encoding) is kept with it, once.
 */
public final class PackedValues {

    /** An array's header and its length, for {@link #heapBytes}. */
    private static final int ARRAY_HEADER = 16;

    private final byte[] bytes;
    /** {@code ends[i]}: where value {@code i} ends in {@link #bytes}; it starts where value {@code i - 1} ends. */
    private final int[] ends;
    private final int longest;
    /** What has been derived from these values, by its key ({@link #derived}); guarded by {@code this}. */
    private final Map<Object, PackedValues> derived = new HashMap<>();

    private PackedValues(byte[] bytes, int[] ends, int longest) {
        this.bytes = bytes;
        this.ends = ends;
        this.longest = longest;
    }

    /** The values as UTF-8, as {@link String#getBytes} writes them (a lone surrogate as {@code ?}). */
    public static PackedValues of(List<String> values) {
        long total = 0;
        for (String v : values) {
            total += utf8Length(v);
        }
        Builder b = new Builder(Math.toIntExact(total), values.size());
        for (String v : values) {
            b.append(v).end();
        }
        return b.build();
    }

    public int size() {
        return ends.length;
    }

    /** Where value {@code index} starts in {@link #array()}. */
    public int start(int index) {
        return index == 0 ? 0 : ends[index - 1];
    }

    /** Value {@code index}'s length in bytes. */
    public int length(int index) {
        return ends[index] - start(index);
    }

    /** The longest value's length in bytes. */
    public int longest() {
        return longest;
    }

    /** Every value's bytes, end to end: read-only to every caller, as the instance is shared. */
    public byte[] array() {
        return bytes;
    }

    /** Value {@code index} as text: for messages and tests, never on a request's path. */
    public String value(int index) {
        return new String(bytes, start(index), length(index), StandardCharsets.UTF_8);
    }

    /** The values as text: tests only (a million of them is the 100 MB this class saves). */
    public List<String> toList() {
        String[] all = new String[size()];
        Arrays.setAll(all, this::value);
        return List.of(all);
    }

    /** What these values hold on the heap: their bytes, their ends, two array headers. */
    public long heapBytes() {
        return bytes.length + 4L * ends.length + 2L * ARRAY_HEADER;
    }

    /** What {@code values} values of {@code bytes} bytes in all hold on the heap once packed. */
    public static long heapBytes(long bytes, long values) {
        return bytes + 4 * values + 2L * ARRAY_HEADER;
    }

    /**
     * What {@code derive} makes of these values under {@code key} (an encoding), made once and kept with them, so
     * every placeholder and run sharing these values shares it too. {@code derive} may answer {@code this}.
     */
    public synchronized PackedValues derived(Object key, UnaryOperator<PackedValues> derive) {
        PackedValues d = derived.get(key);
        if (d == null) {
            d = derive.apply(this);
            derived.put(key, d);
        }
        return d;
    }

    /** A character sequence's length in UTF-8, as {@link #append} writes it. */
    static long utf8Length(CharSequence s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return n;
    }

    /**
     * Packs values as they come: bytes of the current value, then {@link #end()}. Starts at the capacities given
     * (a file's size bounds its values' bytes, so a file's read never grows) and doubles past them;
     * {@link #build()} trims what is left over when it is more than a quarter.
     */
    public static final class Builder {

        private byte[] bytes;
        private int[] ends;
        private int length;
        private int size;
        private int valueStart;
        private int longest;

        public Builder(int byteCapacity, int valueCapacity) {
            bytes = new byte[Math.max(16, byteCapacity)];
            ends = new int[Math.max(1, valueCapacity)];
        }

        /** Values ended so far. */
        public int size() {
            return size;
        }

        public Builder append(byte b) {
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, grown(bytes.length));
            }
            bytes[length++] = b;
            return this;
        }

        /** Appends {@code s} as UTF-8, as {@link String#getBytes} writes it: no string or array is made. */
        public Builder append(CharSequence s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    append((byte) c);
                } else if (c < 0x800) {
                    append((byte) (0xC0 | c >> 6)).append((byte) (0x80 | c & 0x3F));
                } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    append((byte) (0xF0 | cp >> 18)).append((byte) (0x80 | cp >> 12 & 0x3F))
                            .append((byte) (0x80 | cp >> 6 & 0x3F)).append((byte) (0x80 | cp & 0x3F));
                } else if (Character.isSurrogate(c)) {
                    append((byte) '?');
                } else {
                    append((byte) (0xE0 | c >> 12)).append((byte) (0x80 | c >> 6 & 0x3F)).append((byte) (0x80 | c & 0x3F));
                }
            }
            return this;
        }

        /** Ends the current value (an empty one when nothing was appended since the last). */
        public Builder end() {
            if (size == ends.length) {
                ends = Arrays.copyOf(ends, grown(ends.length));
            }
            ends[size++] = length;
            longest = Math.max(longest, length - valueStart);
            valueStart = length;
            return this;
        }

        public PackedValues build() {
            byte[] b = bytes.length - length > bytes.length / 4 ? Arrays.copyOf(bytes, length) : bytes;
            int[] e = ends.length == size ? ends : Arrays.copyOf(ends, size);
            return new PackedValues(b, e, longest);
        }

        private static int grown(int capacity) {
            if (capacity == Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("values over " + capacity + " bytes");
            }
            return (int) Math.min(Integer.MAX_VALUE - 8, 2L * capacity);
        }
    }
}
