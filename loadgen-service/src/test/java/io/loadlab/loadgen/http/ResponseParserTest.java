package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResponseParserTest {

    private static final String FIXED = "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Length: 5\r\n\r\nhello";
    private static final String CHUNKED = "HTTP/1.1 404 Not Found\r\ntransfer-encoding: Chunked\r\n\r\n"
            + "5;ext=1\r\nhello\r\n10\r\n0123456789abcdef\r\n0\r\nX-Trailer: t\r\n\r\n";
    private static final String NO_CONTENT = "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n";

    private final ResponseParser parser = new ResponseParser();

    @Test
    void contentLengthBodyEndsTheResponse() {
        assertEquals(List.of(200), statuses(FIXED, FIXED.length()));
        assertFalse(parser.closeAfter());
    }

    @Test
    void chunkedBodySplitAtEveryPossibleBoundary() {
        for (int split = 1; split <= CHUNKED.length(); split++) {
            assertEquals(List.of(404), statuses(CHUNKED, split), "split every " + split + " bytes");
        }
    }

    @Test
    void pipelinedResponsesInOneReadAreSeparated() {
        String three = FIXED + CHUNKED + NO_CONTENT;
        assertEquals(List.of(200, 404, 204), statuses(three, three.length()));
        for (int split = 1; split < 40; split++) {
            assertEquals(List.of(200, 404, 204), statuses(three, split), "split every " + split + " bytes");
        }
    }

    @Test
    void headAnswerHasNoBodyWhateverItsLength() {
        parser.expect(true);
        ByteBuf in = ascii("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
        assertEquals(ResponseParser.COMPLETE, parser.parse(in));
        assertFalse(in.isReadable());
    }

    @Test
    void interimAnswerIsSkipped() {
        assertEquals(List.of(201), statuses("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n", 7));
    }

    @Test
    void connectionCloseAndHttp10AreNoted() {
        statuses("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 100);
        assertTrue(parser.closeAfter());
        statuses("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", 100);
        assertTrue(parser.closeAfter());
        statuses("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n", 100);
        assertFalse(parser.closeAfter());
    }

    @Test
    void bodyWithoutLengthRunsToTheClose() {
        parser.expect(false);
        assertEquals(ResponseParser.NEED_MORE, parser.parse(ascii("HTTP/1.1 200 OK\r\n\r\nsome bytes")));
        assertEquals(ResponseParser.NEED_MORE, parser.parse(ascii(" and more")));
        assertTrue(parser.completesOnClose());
        assertTrue(parser.closeAfter());
    }

    @Test
    void malformedAnswersAreErrors() {
        for (String bad : List.of("SSH-2.0-OpenSSH\r\n", "HTTP/1.1 2x0 OK\r\n\r\n", "HTTP/2 200\r\n\r\n",
                "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")) {
            parser.expect(false);
            assertEquals(ResponseParser.MALFORMED, parser.parse(ascii(bad)), bad);
        }
    }

    @Test
    void overlongHeaderLineIsAnError() {
        parser.expect(false);
        assertEquals(ResponseParser.NEED_MORE, parser.parse(ascii("HTTP/1.1 200 OK\r\nX: ")));
        assertEquals(ResponseParser.MALFORMED, parser.parse(ascii("a".repeat(20_000))));
    }

    @Test
    void partialResponseIsInResponse() {
        parser.expect(false);
        assertFalse(parser.inResponse());
        parser.parse(ascii("HTTP/1.1 200"));
        assertTrue(parser.inResponse());
        assertFalse(parser.completesOnClose());
    }

    /** Feeds {@code wire} in reads of {@code split} bytes and lists the statuses of complete responses. */
    private List<Integer> statuses(String wire, int split) {
        List<Integer> out = new ArrayList<>();
        parser.expect(false);
        byte[] bytes = wire.getBytes(StandardCharsets.US_ASCII);
        for (int off = 0; off < bytes.length; off += split) {
            ByteBuf in = Unpooled.wrappedBuffer(bytes, off, Math.min(split, bytes.length - off));
            while (in.isReadable()) {
                int r = parser.parse(in);
                assertTrue(r != ResponseParser.MALFORMED, "malformed at offset " + off);
                if (r == ResponseParser.NEED_MORE) {
                    break;
                }
                out.add(parser.status());
                parser.expect(false);
            }
        }
        assertFalse(parser.inResponse(), "nothing left half-parsed");
        return out;
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.US_ASCII));
    }
}
