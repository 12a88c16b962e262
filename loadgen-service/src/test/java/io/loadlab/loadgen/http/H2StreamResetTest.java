package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real HTTP/2 server this test controls (Netty's frame codec on loopback) that resets every fifth stream with
 * REFUSED_STREAM and the next with INTERNAL_ERROR, and answers the others: the run counts exactly the resets it
 * made, by code, and exactly the answers it gave, as {@code errors.reset} apart from every other error.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class H2StreamResetTest {

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private final NioEventLoopGroup group = new NioEventLoopGroup(1);
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong internal = new AtomicLong();
    private Channel server;
    private final java.util.List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    void startServer() throws Exception {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        // Netty's server stops after 200 resets it sent per 30 s (GOAWAY ENHANCE_YOUR_CALM, its guard
                        // against "MadeYouReset"): this server resets on purpose, two streams in five
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().encoderEnforceMaxRstFramesPerWindow(0, 0)
                                .build(), new Resetting());
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        // Netty's HTTP/2 classes load on the first run: on a busy 2-core machine that outlasted a short run
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        await(driver.start(Specs.h2(URI.create("http://127.0.0.1:" + port + "/"), 1, 1, 300, 0, 0, true, 2_000)), 15);
        answered.set(0);
        refused.set(0);
        internal.set(0);
    }

    @AfterAll
    void stopServer() throws Exception {
        if (server != null) {
            server.close().sync();
        }
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
    }

    /** Answers or resets each request, by the order its stream came in on its connection. */
    private final class Resetting extends ChannelInboundHandlerAdapter {
        private long seen;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame h && h.isEndStream()) {
                    long n = seen++;
                    if (n % 5 == 1) {
                        refused.incrementAndGet();
                        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM).stream(h.stream()));
                    } else if (n % 5 == 2) {
                        internal.incrementAndGet();
                        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR).stream(h.stream()));
                    } else {
                        answered.incrementAndGet();
                        ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")).stream(h.stream()));
                        ctx.writeAndFlush(new DefaultHttp2DataFrame(
                                Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII), true).stream(h.stream()));
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** The loadgen closes its connections at the run's end: a reset then is expected, not worth a warning. */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failures.add(String.valueOf(cause));
            ctx.close();
        }
    }

    @Test
    void everyResetIsCountedByItsCodeAndNothingElseIsAnError() throws Exception {
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        URI target = URI.create("http://127.0.0.1:" + port + "/");
        RunOutcome outcome = await(driver.start(Specs.h2(target, 2, 8, 600, 0, 0, true, 2_000)), 15);
        HttpReport r = (HttpReport) outcome.report();

        assertNull(outcome.failure(), () -> "failure " + outcome.failure());
        assertTrue(refused.get() > 0 && internal.get() > 0 && answered.get() > 0);
        assertEquals(answered.get(), r.requests(), () -> "answers counted exactly; errors " + r.errors() + " h2 " + r.h2() + " warm-up " + r.warmupRequests() + " server " + failures);
        assertEquals(refused.get() + internal.get(), r.errors().reset(), "resets counted exactly");
        assertEquals(r.errors().reset(), r.errors().total(), () -> "no other error: " + r.errors());
        assertEquals(Map.of("REFUSED_STREAM", refused.get(), "INTERNAL_ERROR", internal.get()), r.h2().resets());
        assertEquals(8, r.h2().streamsUsed());
        assertEquals(-1, r.h2().maxConcurrentStreams(), "Netty's server sends no limit");
    }
}
