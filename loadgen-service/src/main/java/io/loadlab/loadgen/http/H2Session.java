package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Flags;
import io.netty.handler.codec.http2.Http2FrameListener;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

import java.nio.charset.StandardCharsets;

/**
 * One TCP connection speaking HTTP/2 for an {@link H2Connection}, on Netty's codec at its low level
 * ({@link Http2ConnectionHandler} with this as its frame listener: no child channel, no frame object per event).
 * Sits before the codec in the pipeline (after the SslHandler over TLS, whose handshake event it passes on), so it
 * sees the wire: bytes each way, and when a read begins and ends
 * (writes made while a read is processed are flushed once, by the codec, when it completes).
 *
 * <p>What is still allocated per stream is Netty's, not ours: the stream object with its flow-control states and
 * property map, the decoded response header block (nginx's four fields), a promise per frame written, and the
 * frames' pooled buffers. Measured with the event loops' own allocation counters (ThreadMXBean) against nginx in the
 * closed model: about 1.9 KB per request for h2c (1 connection x 10 streams, and 10 x 1, alike), against 71 bytes
 * per request for HTTP/1.1 on the same loop.
 */
final class H2Session extends ChannelDuplexHandler implements Http2FrameListener {

    /**
     * The receive windows of a stream and of the connection, as h2load's defaults ({@code -w 30 -W 30}: 2^30-1
     * bytes): answers flow without waiting for WINDOW_UPDATEs. Bytes are consumed as they arrive, so nothing is held.
     */
    static final int WINDOW = (1 << 30) - 1;
    private static final int MAX_REASON = 200;

    private final H2Connection owner;
    private final LoopDriver loop;
    private final H2Stats stats;
    private final Http2Connection connection = new DefaultHttp2Connection(false);
    private final Http2Connection.PropertyKey slotKey = connection.newKey();
    private final H2ClientCodec codec;
    private Channel channel;
    private ChannelHandlerContext codecContext;
    private boolean reading;
    private boolean settled;
    private boolean goaway;
    private int inFlight;
    private String failure;

    H2Session(H2Connection owner, LoopDriver loop, H2Stats stats) {
        this.owner = owner;
        this.loop = loop;
        this.stats = stats;
        connection.addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                streamClosed(stream);
            }

            @Override
            public void onGoAwayReceived(int lastStreamId, long errorCode, ByteBuf debugData) {
                onGoaway();
            }

            @Override
            public void onGoAwaySent(int lastStreamId, long errorCode, ByteBuf debugData) {
                failure("HTTP/2 " + name(errorCode) + ": " + text(debugData));
            }
        });
        this.codec = H2ClientCodec.of(connection, this,
                new Http2Settings().initialWindowSize(WINDOW).pushEnabled(false));
    }

    /** This session's handlers, in pipeline order. */
    ChannelHandler[] handlers() {
        return new ChannelHandler[] {this, codec};
    }

    void channel(Channel c) {
        channel = c;
    }

    Channel channel() {
        return channel;
    }

    /** Opens stream for {@code slot}'s request; its id, or -1 when the codec would not (the session then drains). */
    int send(H2StreamSlot slot, Http2Headers headers, ByteBuf body) {
        int id = connection.local().incrementAndGetNextStreamId();
        if (id < 0) { // stream ids ran out (2^31 / 2 requests on one connection): a new connection takes over
            owner.drain(this);
            return -1;
        }
        codec.encoder().writeHeaders(codecContext, id, headers, 0, body == null, codecContext.voidPromise());
        Http2Stream stream = connection.stream(id);
        if (stream == null) {
            owner.drain(this);
            return -1;
        }
        stream.setProperty(slotKey, slot);
        if (body != null) {
            codec.encoder().writeData(codecContext, id, body, 0, true, codecContext.voidPromise());
        }
        inFlight++;
        stats.inFlight(inFlight); // ours, not the codec's count: that still holds a stream answered a moment ago
        if (!reading) {
            codec.flush(codecContext);
        }
        return id;
    }

    /** Resets stream {@code id} (CANCEL): its request timed out, the connection's other streams go on. */
    void cancel(int id) {
        codec.resetStream(codecContext, id, Http2Error.CANCEL.code(), codecContext.newPromise());
        if (!reading) {
            codec.flush(codecContext);
        }
    }

    boolean canOpenStream() {
        return !goaway && connection.local().canOpenStream();
    }

    /** Requests of ours still on a stream of this session. */
    boolean anyInFlight() {
        return inFlight > 0;
    }

    void streamEnded() {
        inFlight--;
    }

    boolean goawayReceived() {
        return goaway;
    }

    /** Why the session failed, for the run's failure: the first cause given. */
    String failure() {
        return failure == null ? "the server closed the connection before sending HTTP/2 SETTINGS" : failure;
    }

    void failure(String why) {
        if (failure == null) {
            failure = why.length() > MAX_REASON ? why.substring(0, MAX_REASON) : why;
        }
    }

    void close() {
        if (channel != null) {
            channel.close();
        }
    }

    private H2StreamSlot slotOf(int streamId) {
        Http2Stream stream = connection.stream(streamId);
        if (stream == null) {
            return null;
        }
        H2StreamSlot slot = stream.getProperty(slotKey);
        return slot != null && slot.on(this, streamId) ? slot : null;
    }

    private void streamClosed(Http2Stream stream) {
        H2StreamSlot slot = stream.getProperty(slotKey);
        if (slot != null && slot.on(this, stream.id())) { // closed unanswered by a GOAWAY or the connection's end
            slot.fail(goaway ? Counter.GOAWAY_ERRORS : Counter.READ_WRITE_ERRORS, loop.now());
        }
        owner.streamClosed(this);
    }

    private void onGoaway() {
        if (!goaway) {
            goaway = true;
            owner.goaway(this);
        }
    }

    // ---- the wire, before the codec

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            loop.stats(loop.now()).add(Counter.BYTES_RECEIVED, buf.readableBytes());
        }
        reading = true;
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        reading = false;
        ctx.fireChannelReadComplete(); // the codec flushes what the read's answers began
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            loop.stats(loop.now()).add(Counter.BYTES_SENT, buf.readableBytes());
        }
        ctx.write(msg, promise);
    }

    /** The codec writes the preface and SETTINGS when the channel opens but does not flush them: nginx waits. */
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.fireChannelActive();
        ctx.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        boolean wasUp = owner.closing(this); // first: no stream may open on it while the codec fails its streams
        ctx.fireChannelInactive();
        if (wasUp) {
            owner.closed(this);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof SslHandshakeCompletionEvent handshake) {
            owner.handshaken(this, handshake);
        }
        ctx.fireUserEventTriggered(event);
    }

    /**
     * From below the codec (the socket, the SslHandler): the connection is lost. Closed here, not passed on: the
     * codec would hand it to the pipeline's tail, a warning logged per connection. Its own errors it handles itself.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failure(cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        ctx.close();
    }

    // ---- frames, from the codec

    @Override
    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
        stats.settings(settings.maxConcurrentStreams());
        if (!settled) {
            settled = true;
            codecContext = ctx;
            try {
                connection.local().flowController().incrementWindowSize(connection.connectionStream(),
                        WINDOW - Http2CodecUtil.DEFAULT_WINDOW_SIZE);
            } catch (Http2Exception e) {
                failure("cannot open the connection window: " + e.getMessage());
                ctx.close();
                return;
            }
            owner.ready(this);
        }
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                              boolean endOfStream) {
        H2StreamSlot slot = slotOf(streamId);
        if (slot != null) {
            slot.onHeaders(status(headers.status()), endOfStream, loop.now());
        }
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                              short weight, boolean exclusive, int padding, boolean endOfStream) {
        onHeadersRead(ctx, streamId, headers, padding, endOfStream);
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
        if (endOfStream) {
            H2StreamSlot slot = slotOf(streamId);
            if (slot != null) {
                slot.onDataEnd(loop.now());
            }
        }
        return data.readableBytes() + padding; // consumed at once: the window is given back
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
        H2StreamSlot slot = slotOf(streamId);
        if (slot != null) {
            stats.reset(errorCode);
            slot.fail(Counter.STREAM_RESETS, loop.now());
        }
    }

    @Override
    public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
        onGoaway(); // the codec's listener may have been told first; counted once either way
    }

    @Override
    public void onPriorityRead(ChannelHandlerContext ctx, int streamId, int streamDependency, short weight,
                               boolean exclusive) {
    }

    @Override
    public void onSettingsAckRead(ChannelHandlerContext ctx) {
    }

    @Override
    public void onPingRead(ChannelHandlerContext ctx, long data) {
    }

    @Override
    public void onPingAckRead(ChannelHandlerContext ctx, long data) {
    }

    @Override
    public void onPushPromiseRead(ChannelHandlerContext ctx, int streamId, int promisedStreamId,
                                  Http2Headers headers, int padding) {
    }

    @Override
    public void onWindowUpdateRead(ChannelHandlerContext ctx, int streamId, int windowSizeIncrement) {
    }

    @Override
    public void onUnknownFrame(ChannelHandlerContext ctx, byte frameType, int streamId, Http2Flags flags,
                               ByteBuf payload) {
    }

    /** The three-digit {@code :status}, 0 when absent (trailers) or malformed. */
    private static int status(CharSequence s) {
        if (s == null || s.length() != 3) {
            return 0;
        }
        int v = 0;
        for (int i = 0; i < 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static String name(long code) {
        Http2Error e = Http2Error.valueOf(code);
        return e == null ? "error " + code : e.name();
    }

    private static String text(ByteBuf debug) {
        if (debug == null || !debug.isReadable()) {
            return "(no detail)";
        }
        return debug.toString(debug.readerIndex(), Math.min(debug.readableBytes(), MAX_REASON), StandardCharsets.UTF_8);
    }
}
