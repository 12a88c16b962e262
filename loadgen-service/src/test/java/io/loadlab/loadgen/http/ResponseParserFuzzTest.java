package io.loadlab.loadgen.http;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever a server sends, in whatever pieces it arrives: the parser answers NEED_MORE having consumed
 * every byte, COMPLETE having consumed some, or MALFORMED; it never throws and never loops. A status
 * is a three-digit code once a response completes.
 */
class ResponseParserFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void anyBytesInAnyPieces(FuzzedDataProvider data) {
        boolean head = data.consumeBoolean();
        int pieces = data.consumeInt(1, 16);
        ResponseParser parser = new ResponseParser();
        parser.expect(head);
        for (int p = 0; p < pieces && data.remainingBytes() > 0; p++) {
            byte[] chunk = p == pieces - 1 ? data.consumeRemainingAsBytes() : data.consumeBytes(data.consumeInt(0, 4096));
            ByteBuf in = Unpooled.wrappedBuffer(chunk);
            while (in.isReadable()) {
                int before = in.readableBytes();
                int r = parser.parse(in);
                if (r == ResponseParser.MALFORMED) {
                    return;
                }
                if (r == ResponseParser.NEED_MORE) {
                    assertEquals(0, in.readableBytes(), "NEED_MORE leaves no byte unread");
                } else {
                    assertEquals(ResponseParser.COMPLETE, r);
                    assertTrue(in.readableBytes() < before, "a complete response consumed bytes");
                    assertTrue(parser.status() >= 100 && parser.status() <= 999, "status " + parser.status());
                    parser.expect(head);
                }
            }
        }
    }
}
