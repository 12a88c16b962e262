package io.loadlab.target.answer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One cached answer, held once in direct memory as the whole HTTP/1.1 response ({@link #wire}: status line, the two
 * headers Vert.x sends for it, the JSON) with the JSON alone as a slice of it ({@link #body}) for every other path
 * (HTTP/2, TLS, GET, a delayed answer). Both are unreleasable: every response writes them as they are, concurrently,
 * and none may free them; the JDK frees the memory once the cache has dropped the entry and no write still holds it.
 *
 * <p>The head is Vert.x's own bytes for this answer ({@code AnswerRoutes} sets {@code Content-Type}, Vert.x adds
 * {@code content-length}); a test compares the two paths byte for byte.
 *
 * @param body      the JSON
 * @param wire      the head and the JSON, ready for the socket
 * @param bodyBytes the JSON's length, for the meters
 */
public record EncodedAnswer(Buffer body, ByteBuf wire, int bodyBytes) {

    private static final byte[] HEAD_START = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: "
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEAD_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    public EncodedAnswer {
        if (body == null || wire == null || bodyBytes != body.length() || wire.readableBytes() <= bodyBytes) {
            throw new IllegalArgumentException("an encoded answer needs its body, and a wire form longer than the body");
        }
    }

    /** The bytes a cache entry weighs. */
    public int weight() {
        return wire.readableBytes();
    }

    /**
     * Encodes {@code json} into one direct buffer taken from {@code budget}; null when the budget refuses it, for the
     * caller to answer from the heap instead.
     */
    static EncodedAnswer direct(byte[] json, DirectBudget budget) {
        byte[] length = Integer.toString(json.length).getBytes(StandardCharsets.US_ASCII);
        int head = HEAD_START.length + length.length + HEAD_END.length;
        // The JDK's direct buffer, freed by its cleaner once evicted and unreachable: Netty's own could be freed only
        // by a release, which an answer still being written by other responses must never get.
        ByteBuffer direct = budget.allocate(head + json.length);
        if (direct == null) {
            return null;
        }
        direct.put(HEAD_START).put(length).put(HEAD_END).put(json).flip();
        ByteBuf wire = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(direct));
        Buffer body = Buffer.buffer(wire.slice(head, json.length));
        return new EncodedAnswer(body, wire, json.length);
    }
}
