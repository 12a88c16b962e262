package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;

/**
 * One line of a response head, gathered across reads into a reusable array, with the few
 * ASCII matches the parser needs. Case-insensitive where HTTP says so; no String is built.
 */
final class HeaderLine {

    private final int max;
    private byte[] bytes = new byte[128];
    private int length;
    private boolean overflowed;

    HeaderLine(int max) {
        this.max = max;
    }

    void clear() {
        length = 0;
        overflowed = false;
    }

    int length() {
        return length;
    }

    boolean overflowed() {
        return overflowed;
    }

    /** Appends from {@code in} up to and including LF; true once the line is complete (CR LF stripped). */
    boolean readFrom(ByteBuf in) {
        int start = in.readerIndex();
        int lf = in.indexOf(start, in.writerIndex(), (byte) '\n');
        int end = lf < 0 ? in.writerIndex() : lf;
        append(in, start, end - start);
        in.readerIndex(lf < 0 ? end : lf + 1);
        if (lf < 0 || overflowed) {
            return false;
        }
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        return true;
    }

    private void append(ByteBuf in, int from, int count) {
        if (length + count > max) {
            overflowed = true;
            return;
        }
        if (length + count > bytes.length) {
            byte[] grown = new byte[Math.min(max, Math.max(bytes.length * 2, length + count))];
            System.arraycopy(bytes, 0, grown, 0, length);
            bytes = grown;
        }
        in.getBytes(from, bytes, length, count);
        length += count;
    }

    /** {@code HTTP/1.x NNN[ reason]}: the code, or -1 when the line is not a status line. */
    int statusCode() {
        if (length < 12 || !startsWith("HTTP/1.") || (bytes[7] != '0' && bytes[7] != '1') || bytes[8] != ' '
                || (length > 12 && bytes[12] != ' ')) {
            return -1;
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            int d = bytes[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            code = code * 10 + d;
        }
        return code >= 100 ? code : -1;
    }

    boolean isHttp10() {
        return bytes[7] == '0';
    }

    int indexOf(byte b) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** True when the header name (before {@code colon}) is {@code lowerName}, ignoring case. */
    boolean nameIs(int colon, String lowerName) {
        return colon == lowerName.length() && regionMatches(0, lowerName);
    }

    /** The value after {@code colon} as a non-negative decimal, or -1 when it is not one. */
    long decimalAfter(int colon) {
        int i = skipSpaces(colon + 1);
        int end = trimEnd();
        if (i >= end || end - i > 18) {
            return -1;
        }
        long n = 0;
        for (; i < end; i++) {
            int d = bytes[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            n = n * 10 + d;
        }
        return n;
    }

    /** True when the value after {@code colon} contains {@code lowerToken}, ignoring case. */
    boolean valueContains(int colon, String lowerToken) {
        for (int i = colon + 1; i + lowerToken.length() <= length; i++) {
            if (regionMatches(i, lowerToken)) {
                return true;
            }
        }
        return false;
    }

    /** A chunk-size line: the hex number before any extension, or -1 when there is none. */
    long hexPrefix() {
        int i = skipSpaces(0);
        int digits = 0;
        long n = 0;
        for (; i < length; i++, digits++) {
            int d = Character.digit(bytes[i], 16);
            if (d < 0) {
                break;
            }
            if (digits == 15) {
                return -1;
            }
            n = n * 16 + d;
        }
        if (digits == 0 || (i < length && bytes[i] != ';' && bytes[i] != ' ' && bytes[i] != '\t')) {
            return -1;
        }
        return n;
    }

    private boolean startsWith(String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            if (bytes[i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean regionMatches(int from, String lower) {
        for (int i = 0; i < lower.length(); i++) {
            int b = bytes[from + i];
            if (b >= 'A' && b <= 'Z') {
                b += 'a' - 'A';
            }
            if (b != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int skipSpaces(int i) {
        while (i < length && (bytes[i] == ' ' || bytes[i] == '\t')) {
            i++;
        }
        return i;
    }

    private int trimEnd() {
        int end = length;
        while (end > 0 && (bytes[end - 1] == ' ' || bytes[end - 1] == '\t')) {
            end--;
        }
        return end;
    }
}
