package io.loadlab.target.api;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.target.TargetConfig;
import io.smallrye.config.WithDefault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A POST to the API as {@code AnswerRoutes} reads it, Content-Type and body to a number
 * ({@link NumberParser#fromBody}). Only a {@link BadInput} may escape, with 415 exactly when the media type is
 * not JSON and 400 otherwise, and a message to show; an accepted number lies in [0, target.max-items] and is
 * the top-level {@code number} a full JSON reading of the body finds.
 *
 * <p>Input layout, so that seeds are plain text: the Content-Type header up to the first newline, decoded
 * ISO-8859-1 as Netty decodes header bytes, then the body; without a newline there is no header and the whole
 * input is the body. In {@code mvn verify} this replays {@code NumberParserFuzzTestInputs};
 * {@code bench/fuzz.sh} fuzzes it.
 */
class NumberParserFuzzTest {

    private static final int MAX_ITEMS = maxItemsDefault();
    private final ObjectMapper mapper = new ObjectMapper();
    private final NumberParser numbers = new NumberParser(mapper.getFactory(), MAX_ITEMS);

    @FuzzTest(maxDuration = "2m")
    void post(byte[] input) {
        int newline = indexOf(input, (byte) '\n');
        String contentType = newline < 0 ? null : new String(input, 0, newline, StandardCharsets.ISO_8859_1);
        byte[] body = newline < 0 ? input : Arrays.copyOfRange(input, newline + 1, input.length);
        boolean json = MediaTypeFuzzTest.isJson(contentType);
        int n;
        try {
            n = numbers.fromBody(contentType, body);
        } catch (BadInput refused) {
            assertEquals(json ? 400 : 415, refused.status(), refused.getMessage());
            assertNotNull(refused.getMessage());
            assertFalse(refused.getMessage().isBlank());
            return;
        }
        assertTrue(json, "accepted with Content-Type " + contentType);
        assertTrue(n >= 0 && n <= MAX_ITEMS, n + " accepted, outside 0.." + MAX_ITEMS);
        JsonNode number = readTree(body).get("number");
        assertTrue(number != null && number.isIntegralNumber() && number.asLong() == n,
                "accepted " + n + " but the body's number is " + number);
    }

    private JsonNode readTree(byte[] body) {
        try {
            return mapper.readTree(body);
        } catch (IOException e) {
            return fail("accepted a body Jackson cannot read: " + e.getMessage());
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The service's own default, so the test follows it. */
    private static int maxItemsDefault() {
        try {
            return Integer.parseInt(TargetConfig.class.getMethod("maxItems").getAnnotation(WithDefault.class).value());
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
