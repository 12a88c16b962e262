package io.loadlab.loadgen.http;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollMode;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.function.Supplier;

/**
 * The event loops of one run and the channels they drive: Linux epoll when the native library
 * loads (fewer syscalls and copies than NIO; measured about 10% faster against nginx here), NIO
 * otherwise. Each run owns its loops, created at its start and shut down at its end, so the load
 * never shares a thread with the REST API or a metrics scrape, and {@code threads} means exactly
 * that many loops. Channels are made by constructor reference, not reflection, for native images.
 */
record Transport(EventLoopGroup group, Supplier<SocketChannel> channels, String name) {

    static Transport create(int threads, String threadPrefix) {
        return create(threads, threadPrefix, false);
    }

    /**
     * As {@link #create(int, String)}; with {@code shortConnections} (a connection per request in clear text) and
     * epoll, {@link ShortConnectionLoop}s, which take raw sockets and no channel: the same requests at about 0.65 x
     * the CPU (see {@link ShortConnectionLoop}). Should those loops not be made here, the channels' loops do the work.
     */
    static Transport create(int threads, String threadPrefix, boolean shortConnections) {
        DefaultThreadFactory threadFactory = new DefaultThreadFactory(threadPrefix, true);
        if (shortConnections && Epoll.isAvailable()) {
            try {
                return new Transport(new ShortConnectionGroup(threads, threadFactory), Transport::noChannels, "epoll");
            } catch (IllegalStateException cannot) {
                // below: Netty's own loops
            }
        }
        if (Epoll.isAvailable()) {
            return new Transport(new EpollEventLoopGroup(threads, threadFactory), EpollSocketChannel::new, "epoll");
        }
        return new Transport(new NioEventLoopGroup(threads, threadFactory), NioSocketChannel::new, "nio");
    }

    /**
     * A new unregistered channel set up for short request/answer exchanges: no Nagle delay, and on
     * epoll level-triggered readiness, because edge-triggered reads must go on until EAGAIN, one
     * wasted read syscall per answer, where a short read already says the socket is drained.
     */
    private static SocketChannel noChannels() {
        throw new IllegalStateException("short-connection loops take raw sockets, not channels");
    }

    SocketChannel newChannel(int connectTimeoutMillis) {
        SocketChannel channel = channels.get();
        channel.config().setTcpNoDelay(true);
        channel.config().setConnectTimeoutMillis(connectTimeoutMillis);
        if (channel instanceof EpollSocketChannel epoll) {
            epoll.config().setEpollMode(EpollMode.LEVEL_TRIGGERED);
        }
        return channel;
    }
}
