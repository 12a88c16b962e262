package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.TemplateText;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bytes with holes, built once per run: literal slices, placeholder values (pre-encoded, {@link EncodedValues}) and
 * at most one {@code Content-Length} value, the length of the body part that follows {@link Builder#body()}.
 * Rendering copies slices and writes the length's ASCII digits: no string is formatted, nothing is allocated.
 */
final class ByteTemplate {

    private static final int LITERAL = 0;
    private static final int VALUE = 1;
    private static final int LENGTH = 2;

    private final int[] kinds;
    private final byte[][] literals;
    private final int[] ids;
    private final ValueEncoding[] encodings;
    private final int bodyStart;
    private final int staticBodyBytes;
    private final int[] placeholders;
    private final int maxLength;

    private ByteTemplate(Builder b, EncodedValues[] values) {
        int n = b.kinds.size();
        kinds = b.kinds.stream().mapToInt(Integer::intValue).toArray();
        literals = b.literals.toArray(new byte[0][]);
        ids = b.ids.stream().mapToInt(Integer::intValue).toArray();
        encodings = b.encodings.toArray(new ValueEncoding[0]);
        bodyStart = b.bodyStart < 0 ? n : b.bodyStart;
        int body = 0;
        int max = 0;
        Set<Integer> used = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            int size = switch (kinds[i]) {
                case LITERAL -> literals[i].length;
                case VALUE -> values[ids[i]].longest(encodings[i]);
                default -> 10; // Integer.MAX_VALUE's digits
            };
            max += size;
            if (kinds[i] == LITERAL && i >= bodyStart) {
                body += size;
            }
            if (kinds[i] == VALUE) {
                used.add(ids[i]);
            }
        }
        staticBodyBytes = body;
        maxLength = max;
        placeholders = used.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The placeholders it holds (ids into the run's values), each once. */
    int[] placeholders() {
        return placeholders;
    }

    /** The longest rendering any choice of values can give. */
    int maxLength() {
        return maxLength;
    }

    /** The body part's length with these values: its static bytes and the chosen values' bytes. */
    int bodyLength(int[] chosen, EncodedValues[] values) {
        int length = staticBodyBytes;
        for (int i = bodyStart; i < kinds.length; i++) {
            if (kinds[i] == VALUE) {
                length += values[ids[i]].length(encodings[i], chosen[ids[i]]);
            }
        }
        return length;
    }

    /** The length of the rendering with these values, exactly. */
    int length(int[] chosen, EncodedValues[] values) {
        int length = 0;
        for (int i = 0; i < kinds.length; i++) {
            length += switch (kinds[i]) {
                case LITERAL -> literals[i].length;
                case VALUE -> values[ids[i]].length(encodings[i], chosen[ids[i]]);
                default -> digits(bodyLength(chosen, values));
            };
        }
        return length;
    }

    private static int digits(int value) {
        int n = 1;
        for (int v = value; v >= 10; v /= 10) {
            n++;
        }
        return n;
    }

    /** Writes the bytes with value {@code chosen[id]} of each placeholder {@code id}. */
    void render(ByteBuf out, int[] chosen, EncodedValues[] values) {
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case LITERAL -> out.writeBytes(literals[i]);
                case VALUE -> values[ids[i]].write(out, encodings[i], chosen[ids[i]]);
                default -> writeDigits(out, bodyLength(chosen, values));
            }
        }
    }

    /** As {@link #render}, into a new array: for what is rendered once, and HTTP/2 fields (its codec allocates anyway). */
    byte[] bytes(int[] chosen, EncodedValues[] values) {
        ByteBuf out = Unpooled.buffer(maxLength);
        render(out, chosen, values);
        return ByteBufUtil.getBytes(out);
    }

    static void writeDigits(ByteBuf out, int value) {
        int divisor = 1;
        while (value / divisor >= 10) {
            divisor *= 10;
        }
        for (; divisor > 0; divisor /= 10) {
            out.writeByte('0' + value / divisor % 10);
        }
    }

    /** Builds a template; placeholders are named by the run's ids, and their values encoded as they are added. */
    static final class Builder {

        private final Map<String, Integer> idOf;
        private final EncodedValues[] values;
        private final List<Integer> kinds = new ArrayList<>();
        private final List<byte[]> literals = new ArrayList<>();
        private final List<Integer> ids = new ArrayList<>();
        private final List<ValueEncoding> encodings = new ArrayList<>();
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private int bodyStart = -1;

        Builder(Map<String, Integer> idOf, EncodedValues[] values) {
            this.idOf = idOf;
            this.values = values;
        }

        Builder literal(String text) {
            pending.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            return this;
        }

        /** The text's literals and values; {@code encoding} null for a body (JSON-escaped inside JSON strings). */
        Builder text(TemplateText text, ValueEncoding encoding) {
            for (TemplateText.Part p : text.parts()) {
                if (p.literal()) {
                    literal(p.text());
                } else {
                    ValueEncoding e = encoding != null ? encoding
                            : p.inJsonString() ? ValueEncoding.JSON_STRING : ValueEncoding.RAW;
                    int id = idOf.get(p.placeholder());
                    values[id].prepare(e);
                    add(VALUE, null, id, e);
                }
            }
            return this;
        }

        /** The ASCII digits of the body's length. */
        Builder contentLength() {
            add(LENGTH, null, -1, null);
            return this;
        }

        /** What follows is the body. */
        Builder body() {
            flush();
            bodyStart = kinds.size();
            return this;
        }

        private void add(int kind, byte[] literal, int id, ValueEncoding encoding) {
            flush();
            kinds.add(kind);
            literals.add(literal);
            ids.add(id);
            encodings.add(encoding);
        }

        private void flush() {
            if (pending.size() > 0) {
                byte[] bytes = pending.toByteArray();
                pending.reset();
                add(LITERAL, bytes, -1, null);
            }
        }

        ByteTemplate build() {
            flush();
            return new ByteTemplate(this, values);
        }
    }
}
