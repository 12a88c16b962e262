package io.loadlab.loadgen.mix;

/**
 * A header field's value as RFC 9110 (5.5) allows it: visible characters, space, tab and obs-text (bytes above 0x7F,
 * here any character above U+007F, sent as UTF-8). CR and LF would end the header and start one the spec never named;
 * NUL, DEL and the other control characters went out raw before (issue 42), and servers refuse or cut them.
 */
public final class FieldValue {

    private FieldValue() {
    }

    /**
     * What is wrong with {@code value} in a header, to follow "holds" or "must not contain": {@code "CR or LF"}, or
     * the first other control character as {@code "the control character U+0000"}; null when nothing is.
     */
    public static String problem(String value) {
        String control = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n') {
                return "CR or LF";
            }
            if (control == null && ((c < 0x20 && c != '\t') || c == 0x7f)) {
                control = String.format("the control character U+%04X", (int) c);
            }
        }
        return control;
    }

    /**
     * As {@link #problem(String)}, for the UTF-8 bytes {@code [from, to)} of {@code utf8}: exact bytewise, since every
     * byte of a multi-byte sequence is above 0x7F and no control character is.
     */
    public static String problem(byte[] utf8, int from, int to) {
        String control = null;
        for (int i = from; i < to; i++) {
            int c = utf8[i];
            if (c == '\r' || c == '\n') {
                return "CR or LF";
            }
            if (control == null && ((c >= 0 && c < 0x20 && c != '\t') || c == 0x7f)) {
                control = String.format("the control character U+%04X", c);
            }
        }
        return control;
    }
}
