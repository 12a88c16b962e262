package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A header value's problem read from its UTF-8 bytes (packed values) is the one read from its text. */
class FieldValueTest {

    @Test
    void bytesAndTextGiveTheSameProblemForEveryCharacterBelowU0800AndAroundIt() {
        for (char c = 0; c < 0x800; c++) {
            for (String s : new String[] {"" + c, "a" + c + "b", "ü" + c + "\r", "字" + c + "\u0001"}) {
                byte[] utf8 = ("x" + s + "y").getBytes(StandardCharsets.UTF_8);
                assertEquals(FieldValue.problem(s), FieldValue.problem(utf8, 1, utf8.length - 1), "U+" + (int) c);
            }
        }
    }
}
