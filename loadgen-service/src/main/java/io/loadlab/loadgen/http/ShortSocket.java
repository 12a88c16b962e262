package io.loadlab.loadgen.http;

import io.netty.channel.unix.Socket;

/**
 * A non-blocking TCP socket of the family of the address it will connect to, made without the options Netty's channel
 * sets on every socket it opens ({@code IPV6_V6ONLY}, {@code TCP_NODELAY}, the send buffer read back): a connection
 * that carries one request has no use for them (see {@link ShortConnectionSlot}).
 */
final class ShortSocket extends Socket {

    private ShortSocket(int fd) {
        super(fd);
    }

    /** @throws io.netty.channel.ChannelException when no socket can be made (EMFILE and the like) */
    static ShortSocket open(boolean ipv6) {
        return new ShortSocket(newSocketStream0(ipv6));
    }
}
