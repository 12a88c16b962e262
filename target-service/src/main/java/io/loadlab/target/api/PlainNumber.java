package io.loadlab.target.api;

import io.netty.buffer.ByteBuf;

/**
 * The {@code number} of a body that is exactly {@code {"number": N}} (JSON whitespace anywhere between tokens, N a
 * plain non-negative integer without leading zeros, at most {@code maxItems}), read in place without allocation;
 * -1 for every other body, which then goes to {@link NumberParser} on the routed path and is answered, or refused,
 * there. So this reader may only ever accept a subset of what {@link NumberParser} accepts, with the same value.
 */
final class PlainNumber {

    private static final byte[] FIELD = {'"', 'n', 'u', 'm', 'b', 'e', 'r', '"'};
    private static final int MAX_DIGITS = 10;

    private PlainNumber() {
    }

    static int of(ByteBuf body, int maxItems) {
        int i = body.readerIndex();
        int end = body.writerIndex();
        i = space(body, i, end);
        if (i >= end || body.getByte(i++) != '{') {
            return -1;
        }
        i = space(body, i, end);
        for (byte b : FIELD) {
            if (i >= end || body.getByte(i++) != b) {
                return -1;
            }
        }
        i = space(body, i, end);
        if (i >= end || body.getByte(i++) != ':') {
            return -1;
        }
        i = space(body, i, end);
        int first = i;
        long n = 0;
        while (i < end && i - first < MAX_DIGITS + 1) {
            byte b = body.getByte(i);
            if (b < '0' || b > '9') {
                break;
            }
            n = n * 10 + (b - '0');
            i++;
        }
        int digits = i - first;
        if (digits == 0 || digits > MAX_DIGITS || (digits > 1 && body.getByte(first) == '0') || n > maxItems) {
            return -1;
        }
        i = space(body, i, end);
        if (i >= end || body.getByte(i++) != '}') {
            return -1;
        }
        return space(body, i, end) == end ? (int) n : -1;
    }

    /** JSON's four whitespace characters (RFC 8259). */
    private static int space(ByteBuf body, int i, int end) {
        while (i < end) {
            byte b = body.getByte(i);
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return i;
            }
            i++;
        }
        return i;
    }
}
