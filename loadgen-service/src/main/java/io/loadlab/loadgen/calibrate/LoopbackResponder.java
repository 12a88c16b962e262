package io.loadlab.loadgen.calibrate;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * An HTTP/1.1 server on 127.0.0.1 that answers every request with the same bytes, encoded once: the cheapest
 * target this process can offer, for measuring the generator's own ceiling. Requests are decoded by Netty (so
 * bodies and pipelining are handled) but never aggregated; the answer is one shared direct buffer, never released,
 * written by reference (a duplicate: a small view object per answer, no copy). Keep-alive as the client asks: a request with
 * {@code Connection: close} (or HTTP/1.0 without keep-alive) gets the answer with {@code Connection: close} and
 * the connection closed after it.
 */
public final class LoopbackResponder implements AutoCloseable {

    /** Its event loops' names start so, for telling their CPU apart from the generator's. */
    static final String THREAD_PREFIX = "calibration-responder";

    private final EventLoopGroup group;
    private final Channel server;
    private final LongAdder answered;

    private LoopbackResponder(EventLoopGroup group, Channel server, LongAdder answered) {
        this.group = group;
        this.server = server;
        this.answered = answered;
    }

    /**
     * Starts a responder on its own {@code threads} event loops, answering {@code body} as
     * {@code application/json}.
     */
    public static LoopbackResponder start(int threads, byte[] body) throws InterruptedException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        ByteBuf keepAlive = answer(body, false);
        ByteBuf close = answer(body, true);
        DefaultThreadFactory names = new DefaultThreadFactory(THREAD_PREFIX, true);
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = epoll ? new EpollEventLoopGroup(threads, names) : new NioEventLoopGroup(threads, names);
        LongAdder answered = new LongAdder();
        try {
            ServerBootstrap b = new ServerBootstrap().group(group)
                    .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpRequestDecoder(), new Answer(keepAlive, close, answered));
                        }
                    });
            Channel server = b.bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            return new LoopbackResponder(group, server, answered);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    private static ByteBuf answer(byte[] body, boolean close) {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n"
                + (close ? "Connection: close\r\n" : "") + "\r\n";
        byte[] h = head.getBytes(StandardCharsets.US_ASCII);
        ByteBuf buf = Unpooled.directBuffer(h.length + body.length).writeBytes(h).writeBytes(body);
        return Unpooled.unreleasableBuffer(buf);
    }

    /** Where to aim an HTTP run: {@code http://127.0.0.1:<port>/}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort() + "/");
    }

    /** Requests answered so far. */
    public long answered() {
        return answered.sum();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One per connection: answers each request once its last part has arrived, by reference to the encoded answer. */
    private static final class Answer extends SimpleChannelInboundHandler<HttpObject> {
        private final ByteBuf keepAlive;
        private final ByteBuf close;
        private final LongAdder answered;
        /** Whether the request being read asked for the connection to close after its answer. */
        private boolean closeAfter;

        Answer(ByteBuf keepAlive, ByteBuf close, LongAdder answered) {
            this.keepAlive = keepAlive;
            this.close = close;
            this.answered = answered;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (msg instanceof HttpRequest r) {
                closeAfter = !HttpUtil.isKeepAlive(r);
            }
            if (msg instanceof LastHttpContent) {
                answered.increment();
                if (closeAfter) {
                    ctx.writeAndFlush(close.duplicate()).addListener(ChannelFutureListener.CLOSE);
                } else {
                    ctx.write(keepAlive.duplicate());
                }
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
