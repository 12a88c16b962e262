package io.loadlab.target.api;

import io.loadlab.target.answer.AnswerCache;
import io.loadlab.target.answer.EncodedAnswer;
import io.loadlab.target.metrics.RouteMeters;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Answers {@code POST /test/testApi {"number": N}} on a plain HTTP/1.1 connection below Vert.x Web: one handler in
 * the connection's Netty pipeline, between Vert.x's HTTP decoder and its connection handler, that writes the cached
 * response ({@link EncodedAnswer#wire}) as it is and records the route's meters, as {@link AnswerRoutes} would.
 *
 * <p>Why: on one core, the routed answer cost 10.25 µs of CPU against nginx's 6.23 for the same bytes (perf, N = 2);
 * 4.5 µs of it was Java, most of that Vert.x Web's routing, Quarkus' request wrappers, the body handler and the
 * response object. Netty's decoder with a pre-encoded write is the JVM's floor, 0.88 × nginx
 * ({@code shared/reference/PEERS.md}).
 *
 * <p>Only the plain case is answered here: a well-formed request whose body is exactly a {@code number} in range,
 * whose answer is cached, and with no header that asks for more ({@code Connection}, {@code Expect},
 * {@code Upgrade}, {@code Transfer-Encoding}, {@code Content-Encoding}, trailers). Everything else goes on to Vert.x unchanged and gets the
 * route's answer, errors included, so the two paths cannot disagree on what they refuse. Order on the connection is
 * kept, and answers in flight are bounded: a request is taken, here or by Vert.x, only while the channel is writable
 * and Vert.x has none of the connection's requests unanswered; otherwise it waits, with what follows it, and the
 * connection is not read until the socket drains. A client that never reads holds the outbound buffer's high-water
 * mark and one answer, not every answer it asked for (two such clients with 256 large misses each froze the target
 * for 40 s and more, issue 42).
 *
 * <p>Writes go out from the decoder's context, ahead of Vert.x's HTTP encoder (which knows no raw bytes at the start
 * of a response), and reads pass Vert.x's idle handler first, so a busy connection is never idle; nothing else sees a
 * request answered here ({@link #position}).
 */
final class DirectAnswer extends ChannelDuplexHandler {

    static final String NAME = "loadlab-direct-answer";
    private static final String DECODER = "httpDecoder";
    private static final String IDLE = "idle";
    private static final String VERTX_HANDLER = "handler";
    /** Vert.x 4.5's HTTP/1.1 handlers ahead of its idle handler, in pipeline order (HttpServerWorker). */
    private static final List<String> CODEC = List.of(DECODER, "httpEncoder", "inflater", "deflater", "chunkedWriter");
    private static final int PROTOCOL = RouteMeters.protocol(1, false);

    private final AnswerCache answers;
    private final RouteMeters meters;
    private final int maxItems;
    private final int maxBodyBytes;
    private final ChannelHandlerContext writer;
    /** A request that may be answered here, waiting for its body. */
    private HttpRequest held;
    /** Requests handed to Vert.x and not yet answered by it. */
    private int withVertx;
    private boolean wrote;
    /** Messages read while no request could be taken, in order; null when none waits, and reading goes on. */
    private ArrayDeque<Object> waiting;
    private boolean draining;

    private DirectAnswer(AnswerCache answers, RouteMeters meters, int maxItems, int maxBodyBytes, ChannelHandlerContext writer) {
        this.answers = answers;
        this.meters = meters;
        this.maxItems = maxItems;
        this.maxBodyBytes = maxBodyBytes;
        this.writer = writer;
    }

    /**
     * Puts the handler in {@code pipeline} once, if it is a plain HTTP/1.1 connection laid out as Vert.x 4.5 lays it
     * out (its decoder, then its handler); otherwise leaves it alone and answers false. Call on the connection's event
     * loop, between requests: Vert.x must hold no request of this connection unanswered.
     */
    static boolean install(ChannelPipeline pipeline, AnswerCache answers, RouteMeters meters, int maxItems, int maxBodyBytes) {
        if (pipeline.get(NAME) != null) {
            return true;
        }
        ChannelHandlerContext decoder = pipeline.context(DECODER);
        String after = position(pipeline.names());
        if (decoder == null || after == null) {
            return false;
        }
        pipeline.addAfter(after, NAME, new DirectAnswer(answers, meters, maxItems, maxBodyBytes, decoder));
        return true;
    }

    /**
     * The handler this one goes right after: Vert.x's idle handler (reads must pass it, or a busy connection is closed
     * as idle), else the last of the HTTP codec's handlers; null if the pipeline is not Vert.x's HTTP/1.1 one.
     *
     * <p>Right after it, and so ahead of every handler that pairs a request with its response as both pass by: Vert.x
     * puts Netty's {@code WebSocketServerExtensionHandler} before its own handler, and that one queues an entry per
     * request and takes it off when the response is written through it. Behind it, every direct answer left an entry
     * in its queue: the target's live heap grew 0.6 MB/s at 112,000 requests/s, to 406 MB in the 10-minute soak.
     */
    static String position(List<String> names) {
        if (!names.contains(DECODER) || !names.contains(VERTX_HANDLER)) {
            return null;
        }
        if (names.contains(IDLE)) {
            return IDLE;
        }
        String last = null;
        for (String name : CODEC) {
            if (names.contains(name)) {
                last = name;
            }
        }
        return last;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (waiting != null || (msg instanceof HttpRequest && !mayTake(ctx))) {
            hold(ctx, msg);
        } else {
            take(ctx, msg);
        }
    }

    private void take(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            if (withVertx == 0 && plain(request)) {
                held = request;
            } else {
                toVertx(ctx, request);
            }
        } else if (held != null && msg instanceof HttpContent content) {
            HttpRequest request = held;
            held = null;
            if (!(content instanceof LastHttpContent last) || !answered(last)) {
                toVertx(ctx, request);
                ctx.fireChannelRead(content);
            }
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    /**
     * Whether a new request may be answered now: the socket takes what was written (the channel is writable) and
     * Vert.x has no request of this connection unanswered. Otherwise a client that does not read its answers had them
     * piled up without bound: two such connections asking for 256 large answers each froze the target (issue 42).
     */
    private boolean mayTake(ChannelHandlerContext ctx) {
        return withVertx == 0 && ctx.channel().isWritable();
    }

    /**
     * Keeps {@code msg} and all that follows it until {@link #mayTake}, and reads no more from the connection meanwhile:
     * what is kept is what the decoder had already read, at most one read's worth of requests, never an answer.
     */
    private void hold(ChannelHandlerContext ctx, Object msg) {
        if (waiting == null) {
            waiting = new ArrayDeque<>();
            ctx.channel().config().setAutoRead(false);
        }
        waiting.add(msg);
    }

    /** Takes what waits, in order, for as long as requests may be taken; reads again once none waits. */
    private void drain(ChannelHandlerContext ctx) {
        if (waiting == null || draining) {
            return;
        }
        draining = true;
        try {
            while (!waiting.isEmpty() && !(waiting.peek() instanceof HttpRequest && !mayTake(ctx))) {
                take(ctx, waiting.poll());
            }
        } finally {
            draining = false;
        }
        if (waiting.isEmpty()) {
            waiting = null;
            ctx.channel().config().setAutoRead(true);
            ctx.read();
        }
        channelReadComplete(ctx);
    }

    /** While requests wait, reads wait too, whoever asks for them (Vert.x resumes a connection it paused). */
    @Override
    public void read(ChannelHandlerContext ctx) {
        if (waiting == null) {
            ctx.read();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        ctx.fireChannelWritabilityChanged();
        if (ctx.channel().isWritable()) {
            drain(ctx);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (wrote) {
            wrote = false;
            writer.flush();
        }
        ctx.fireChannelReadComplete();
    }

    /** Counts Vert.x's answers as they pass on their way out; an interim 100 Continue is not one. */
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof LastHttpContent && withVertx > 0
                && !(msg instanceof HttpResponse r && r.status().codeClass() == HttpStatusClass.INFORMATIONAL)) {
            withVertx--;
            if (withVertx == 0 && waiting != null && !draining) {
                // after this write has gone its way, not inside Vert.x's own call
                ctx.executor().execute(() -> drain(ctx));
            }
        }
        ctx.write(msg, promise);
    }

    /** What still waits goes on to Vert.x when the handler leaves a live connection (h2c), else is released. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held = null;
        if (waiting != null) {
            boolean live = ctx.channel().isActive();
            for (Object msg = waiting.poll(); msg != null; msg = waiting.poll()) {
                if (live) {
                    ctx.fireChannelRead(msg);
                } else {
                    ReferenceCountUtil.release(msg);
                }
            }
            waiting = null;
            ctx.channel().config().setAutoRead(true);
            if (live) {
                ctx.fireChannelReadComplete();
            }
        }
    }

    private void toVertx(ChannelHandlerContext ctx, HttpRequest request) {
        withVertx++;
        if (request.headers().contains(HttpHeaderNames.UPGRADE)) {
            // Vert.x may rebuild the pipeline for h2c; nothing of HTTP/1.1 is left for this handler then.
            ctx.pipeline().remove(this);
        }
        ctx.fireChannelRead(request);
    }

    private boolean plain(HttpRequest request) {
        HttpHeaders headers = request.headers();
        return request.method() == HttpMethod.POST
                && request.protocolVersion() == HttpVersion.HTTP_1_1
                && AnswerRoutes.PATH.equals(request.uri())
                && request.decoderResult().isSuccess()
                && MediaType.is(headers.get(HttpHeaderNames.CONTENT_TYPE), "application/json")
                && headers.contains(HttpHeaderNames.CONTENT_LENGTH)
                && PlainHost.is(headers.get(HttpHeaderNames.HOST))
                && !headers.contains(HttpHeaderNames.CONNECTION)
                && !headers.contains(HttpHeaderNames.CONTENT_ENCODING)
                && !headers.contains(HttpHeaderNames.EXPECT)
                && !headers.contains(HttpHeaderNames.UPGRADE)
                && !headers.contains(HttpHeaderNames.TRANSFER_ENCODING);
    }

    /** Writes the answer for a plain body and releases it; false, touching nothing, for Vert.x to answer instead. */
    private boolean answered(LastHttpContent last) {
        ByteBuf body = last.content();
        int read = body.readableBytes();
        if (read > maxBodyBytes || !last.trailingHeaders().isEmpty()) {
            return false;
        }
        int n = PlainNumber.of(body, maxItems);
        if (n < 0) {
            return false;
        }
        long start = meters.start();
        EncodedAnswer answer = answers.encoded(n);
        if (answer == null) {
            return false;
        }
        last.release();
        writer.write(answer.wire().duplicate(), writer.voidPromise());
        wrote = true;
        meters.record(RouteMeters.POST, PROTOCOL, HttpResponseStatus.OK.code(), start, read, answer.bodyBytes());
        meters.countDirect();
        return true;
    }
}
