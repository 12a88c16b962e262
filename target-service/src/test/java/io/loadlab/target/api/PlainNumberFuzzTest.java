package io.loadlab.target.api;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link PlainNumber} may accept only what {@link NumberParser} accepts, with the same number: anything it gets
 * wrong would be answered on the direct path with a body the routed path refuses. In {@code mvn verify} this
 * replays {@code PlainNumberFuzzTestInputs}; {@code bench/fuzz.sh} can fuzz it.
 */
class PlainNumberFuzzTest {

    private static final int MAX_ITEMS = 10_000;
    private final NumberParser numbers = new NumberParser(new ObjectMapper().getFactory(), MAX_ITEMS);

    @FuzzTest(maxDuration = "2m")
    void agrees(byte[] body) {
        ByteBuf buf = Unpooled.wrappedBuffer(body);
        int plain = PlainNumber.of(buf, MAX_ITEMS);
        assertEquals(0, buf.readerIndex(), "reading must not move the buffer");
        if (plain < 0) {
            return;
        }
        try {
            assertEquals(numbers.fromJson(body), plain, new String(body, StandardCharsets.ISO_8859_1));
        } catch (BadInput refused) {
            fail("accepted " + plain + " from a body the parser refuses (" + refused.getMessage() + "): "
                    + new String(body, StandardCharsets.ISO_8859_1));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"number\":2}|2", "{\"number\":0}|0", "' {\"number\" : 10000 } '|10000", "{\"number\": 7 }|7",
            "{\"number\":10001}|-1", "{\"number\":02}|-1", "{\"number\":-1}|-1", "{\"number\":2.0}|-1",
            "{\"number\":2,\"x\":1}|-1", "{\"number\":\"2\"}|-1", "{\"number\":2}}|-1", "{\"number\":}|-1",
            "{\"Number\":2}|-1", "[2]|-1", "''|-1", "{\"number\":99999999999}|-1", "{\"number\":2|-1"})
    void readsOnlyTheExactShape(String body, int expected) {
        assertEquals(expected, PlainNumber.of(Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), MAX_ITEMS), body);
    }

    @ParameterizedTest
    @CsvSource({"0", "1", "2", "391", "9999", "10000"})
    void everyNumberInRangeReadsAsTheParserReadsIt(int n) {
        byte[] body = ("{\"number\":" + n + "}").getBytes(StandardCharsets.US_ASCII);
        assertEquals(numbers.fromJson(body), PlainNumber.of(Unpooled.wrappedBuffer(body), MAX_ITEMS));
    }
}
