package io.loadlab.target.api;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Any Content-Type value against {@link MediaType#is}: it never throws and agrees with the plain reading of the
 * rule (RFC 9110 8.3.1): the media type before any {@code ;}, optional whitespace trimmed, equals
 * {@code application/json} ignoring ASCII case, and only ASCII case. The bytes are read both as ISO-8859-1 (what
 * Netty makes of header bytes) and as UTF-8 (any Unicode a caller might pass). In {@code mvn verify} this replays
 * {@code MediaTypeFuzzTestInputs}; {@code bench/fuzz.sh} fuzzes it.
 */
class MediaTypeFuzzTest {

    private static final String JSON = "application/json";

    @FuzzTest(maxDuration = "2m")
    void anyHeader(byte[] input) {
        for (String header : new String[]{new String(input, StandardCharsets.ISO_8859_1),
                new String(input, StandardCharsets.UTF_8)}) {
            assertEquals(isJson(header), MediaType.is(header, JSON), "Content-Type " + header);
        }
    }

    /** The reference reading, written for clarity rather than speed. */
    static boolean isJson(String header) {
        if (header == null) {
            return false;
        }
        int semicolon = header.indexOf(';');
        String type = trim(semicolon < 0 ? header : header.substring(0, semicolon));
        if (type.length() != JSON.length()) {
            return false;
        }
        for (int i = 0; i < JSON.length(); i++) {
            if (asciiLower(type.charAt(i)) != JSON.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static String trim(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
            to--;
        }
        return s.substring(from, to);
    }

    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
}
