package io.loadlab.target.api;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

/**
 * The bytes of unfinished request bodies one connection holds, kept on its Netty channel (an h2 connection's streams
 * share their TCP connection's channel). Touched only on the connection's event loop: no atomics.
 */
final class ConnectionBodies {

    private static final AttributeKey<ConnectionBodies> KEY = AttributeKey.valueOf("loadlab-connection-bodies");

    private long held;

    private ConnectionBodies() {
    }

    /** The channel's counter, made on its first body; a counter of its own for a request without a channel. */
    static ConnectionBodies of(Channel channel) {
        if (channel == null) {
            return new ConnectionBodies();
        }
        ConnectionBodies bodies = channel.attr(KEY).get();
        if (bodies == null) {
            bodies = new ConnectionBodies();
            channel.attr(KEY).set(bodies);
        }
        return bodies;
    }

    boolean take(int bytes, long limit) {
        if (held + bytes > limit) {
            return false;
        }
        held += bytes;
        return true;
    }

    void give(long bytes) {
        held -= bytes;
    }
}
