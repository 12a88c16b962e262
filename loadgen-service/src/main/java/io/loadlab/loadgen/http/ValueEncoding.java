package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.HeapRoom;
import io.loadlab.loadgen.mix.PackedValues;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * How a placeholder's value is written where it sits, encoded once per value when a run is built, never per request.
 * Bytewise on UTF-8: every byte of a multi-byte sequence is above 0x7F and is never a quote, a backslash, a control
 * character nor unreserved, so escaping byte by byte is exact.
 */
enum ValueEncoding {
    /** In a path (or its query): UTF-8, percent-encoded except RFC 3986 unreserved characters and {@code /}. */
    PATH,
    /** In a header value: raw UTF-8 (a value holding CR or LF is refused before it gets here). */
    HEADER,
    /** In a body, inside a JSON string literal: {@code "}, {@code \} and control characters escaped; non-ASCII stays UTF-8. */
    JSON_STRING,
    /** In a body, outside any JSON string: raw UTF-8, as the user wrote the value. */
    RAW;

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** {@code value} encoded: for tests and what is encoded once. */
    byte[] encode(String value) {
        PackedValues one = encode(PackedValues.of(List.of(value)), HeapRoom.RUNTIME);
        byte[] out = new byte[one.length(0)];
        System.arraycopy(one.array(), one.start(0), out, 0, out.length);
        return out;
    }

    /**
     * Every value of {@code raw} encoded, made once per values and kept with them, so placeholders and runs sharing
     * the values share it: {@code raw} itself where no byte of any value changes (ids in a path, in a header, most
     * text in a JSON string), else packed anew, refused by {@code room} first.
     *
     * @throws HeapRoom.Refused the encoded values would not fit in the heap
     */
    PackedValues encode(PackedValues raw, HeapRoom room) {
        if (this == HEADER || this == RAW) {
            return raw;
        }
        return raw.derived(this, r -> {
            byte[] src = r.array();
            int end = r.size() == 0 ? 0 : r.start(r.size() - 1) + r.length(r.size() - 1);
            long total = 0;
            for (int i = 0; i < end; i++) {
                total += length(src[i] & 0xFF);
            }
            if (total == end) {
                return r;
            }
            room.require(PackedValues.heapBytes(total, r.size()), "the values encoded for a " + where());
            PackedValues.Builder out = new PackedValues.Builder((int) total, r.size());
            for (int v = 0; v < r.size(); v++) {
                for (int i = r.start(v), to = i + r.length(v); i < to; i++) {
                    write(out, src[i] & 0xFF);
                }
                out.end();
            }
            return out.build();
        });
    }

    private String where() {
        return this == PATH ? "path" : "JSON string";
    }

    /** How many bytes byte {@code c} takes encoded. */
    private int length(int c) {
        if (this == PATH) {
            return unreserved(c) ? 1 : 3;
        }
        return c == '"' || c == '\\' ? 2 : c < 0x20 ? 6 : 1;
    }

    private void write(PackedValues.Builder out, int c) {
        if (this == PATH) {
            if (unreserved(c)) {
                out.append((byte) c);
            } else {
                out.append((byte) '%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        } else if (c == '"' || c == '\\') {
            out.append((byte) '\\').append((byte) c);
        } else if (c < 0x20) {
            out.append((byte) '\\').append((byte) 'u').append((byte) '0').append((byte) '0').append(HEX[c >> 4])
                    .append(HEX[c & 0xF]);
        } else {
            out.append((byte) c);
        }
    }

    private static boolean unreserved(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                || c == '_' || c == '~' || c == '/';
    }
}
