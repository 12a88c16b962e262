package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;

/**
 * An HTTP/1.1 response parser over Netty buffers, one per connection, reused for every response.
 * It only finds where each response ends (status line, Content-Length, chunked coding, bodies
 * that run to the close, HEAD/1xx/204/304 without body) and what the status and Connection
 * header say; bodies are skipped, never copied. Header lines are copied into one reusable array,
 * so a line split across reads costs nothing special and nothing is allocated per response.
 */
final class ResponseParser {

    /** {@link #parse} result: the bytes read so far end inside a response. */
    static final int NEED_MORE = 0;
    /** {@link #parse} result: a response ended; the buffer's reader index is just after it. */
    static final int COMPLETE = 1;
    /** {@link #parse} result: not HTTP/1.x; the connection must be closed. */
    static final int MALFORMED = -1;

    private static final int CONTINUE = 2;
    private static final int STATUS = 0;
    private static final int HEADERS = 1;
    private static final int FIXED_BODY = 2;
    private static final int CHUNK_SIZE = 3;
    private static final int CHUNK_DATA = 4;
    private static final int CHUNK_END = 5;
    private static final int TRAILERS = 6;
    private static final int UNTIL_CLOSE = 7;
    private static final int MAX_LINE = 16 * 1024;

    private final HeaderLine line = new HeaderLine(MAX_LINE);
    private int state = STATUS;
    private boolean noBody;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean close;
    private long remaining;

    /** Prepares for the answer to the next request; {@code head} for HEAD, whose answer has no body. */
    void expect(boolean head) {
        noBody = head;
        state = STATUS;
        line.clear();
    }

    /** Status of the last complete (or current) response. */
    int status() {
        return status;
    }

    /** True when the last complete response asked to close the connection, or ran to its close. */
    boolean closeAfter() {
        return close;
    }

    /** True once any byte of a response arrived and the response has not ended. */
    boolean inResponse() {
        return state != STATUS || line.length() > 0;
    }

    /** At the connection's close: true when that close ends a body delimited by it (a complete response). */
    boolean completesOnClose() {
        return state == UNTIL_CLOSE;
    }

    /** Consumes bytes from {@code in} up to the end of one response at most. */
    int parse(ByteBuf in) {
        while (true) {
            int r;
            switch (state) {
                case FIXED_BODY, CHUNK_DATA -> r = skipBody(in);
                case UNTIL_CLOSE -> {
                    in.skipBytes(in.readableBytes());
                    return NEED_MORE;
                }
                default -> {
                    if (!line.readFrom(in)) {
                        return line.overflowed() ? MALFORMED : NEED_MORE;
                    }
                    r = onLine();
                    line.clear();
                }
            }
            if (r != CONTINUE) {
                return r;
            }
        }
    }

    private int skipBody(ByteBuf in) {
        int n = (int) Math.min(remaining, in.readableBytes());
        in.skipBytes(n);
        remaining -= n;
        if (remaining > 0) {
            return NEED_MORE;
        }
        if (state == FIXED_BODY) {
            return complete();
        }
        state = CHUNK_END;
        return CONTINUE;
    }

    private int onLine() {
        return switch (state) {
            case STATUS -> onStatusLine();
            case HEADERS -> line.length() == 0 ? endOfHeaders() : onHeader();
            case CHUNK_SIZE -> onChunkSize();
            case CHUNK_END -> line.length() == 0 ? next(CHUNK_SIZE) : MALFORMED;
            default -> line.length() == 0 ? complete() : CONTINUE; // trailers are skipped
        };
    }

    private int onStatusLine() {
        if (line.length() == 0) {
            return CONTINUE; // RFC 9112 2.2: a client may ignore empty lines before the status line
        }
        int code = line.statusCode();
        if (code < 0) {
            return MALFORMED;
        }
        status = code;
        contentLength = -1;
        chunked = false;
        close = line.isHttp10();
        return next(HEADERS);
    }

    private int onHeader() {
        int colon = line.indexOf((byte) ':');
        if (colon <= 0) {
            return MALFORMED;
        }
        if (line.nameIs(colon, "content-length")) {
            contentLength = line.decimalAfter(colon);
            if (contentLength < 0) {
                return MALFORMED;
            }
        } else if (line.nameIs(colon, "transfer-encoding")) {
            chunked = line.valueContains(colon, "chunked");
        } else if (line.nameIs(colon, "connection")) {
            if (line.valueContains(colon, "close")) {
                close = true;
            } else if (line.valueContains(colon, "keep-alive")) {
                close = false;
            }
        }
        return CONTINUE;
    }

    private int endOfHeaders() {
        if (status < 200) {
            return next(STATUS); // an interim answer (100 Continue); the final one follows
        }
        if (noBody || status == 204 || status == 304) {
            return complete();
        }
        if (chunked) {
            return next(CHUNK_SIZE);
        }
        if (contentLength >= 0) {
            remaining = contentLength;
            return contentLength == 0 ? complete() : next(FIXED_BODY);
        }
        close = true;
        return next(UNTIL_CLOSE);
    }

    private int onChunkSize() {
        long size = line.hexPrefix();
        if (size < 0) {
            return MALFORMED;
        }
        if (size == 0) {
            return next(TRAILERS);
        }
        remaining = size;
        return next(CHUNK_DATA);
    }

    private int next(int newState) {
        state = newState;
        return CONTINUE;
    }

    private int complete() {
        state = STATUS;
        return COMPLETE;
    }
}
