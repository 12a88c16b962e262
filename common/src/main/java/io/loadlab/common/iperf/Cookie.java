package io.loadlab.common.iperf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A test's identity: 36 characters from iperf3's alphabet, sent NUL-terminated (37 bytes) first on the control
 * connection and on every TCP stream, so the server can tell a test's streams from another client.
 */
public record Cookie(String value) {

    /** iperf3's COOKIE_SIZE: 36 characters and the terminating NUL. */
    public static final int SIZE = 37;
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

    public Cookie {
        if (value == null || value.length() != SIZE - 1) {
            throw new IllegalArgumentException("cookie must have " + (SIZE - 1) + " characters");
        }
    }

    /** A fresh cookie, as iperf3's make_cookie draws it. */
    public static Cookie random(RandomGenerator random) {
        char[] c = new char[SIZE - 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        return new Cookie(new String(c));
    }

    /** The 37 bytes as they travel; bytes after a NUL are ignored, as iperf3's strcmp does. */
    public static Cookie of(byte[] wire) {
        if (wire.length != SIZE) {
            throw new IperfProtocolException("cookie must be " + SIZE + " bytes, got " + wire.length);
        }
        int end = 0;
        while (end < SIZE && wire[end] != 0) {
            end++;
        }
        if (end != SIZE - 1) {
            throw new IperfProtocolException("cookie has " + end + " characters before its NUL, not " + (SIZE - 1));
        }
        return new Cookie(new String(wire, 0, end, StandardCharsets.ISO_8859_1));
    }

    public byte[] wire() {
        return Arrays.copyOf(value.getBytes(StandardCharsets.ISO_8859_1), SIZE);
    }
}
