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
 * kept: while Vert.x has a request unanswered, every request goes to Vert.x, and a full outbound buffer hands
 * requests to Vert.x too, so this path never queues more than Vert.x would.
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
        if (msg instanceof HttpRequest request) {
            if (withVertx == 0 && ctx.channel().isWritable() && plain(request)) {
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
        }
        ctx.write(msg, promise);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held = null;
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
