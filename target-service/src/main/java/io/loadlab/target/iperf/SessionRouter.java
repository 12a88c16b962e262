package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;

import java.nio.channels.SocketChannel;

/**
 * What a test asks of the server it runs in, with {@code target.iperf.max-clients} above 1: where a connection goes
 * that is not its own, and the one UDP port's turn.
 */
interface SessionRouter {

    /**
     * A connection a test was offered but does not own: with its {@code cookie} (null: none read yet) it is another
     * collecting test's stream, else a new test's control connection, else ACCESS_DENIED.
     */
    void elsewhere(SocketChannel connection, Cookie cookie);

    /**
     * Whether {@code session} may use the UDP port: every UDP test binds {@code target.iperf.port} and reads every
     * datagram sent to it, so two at once would count each other's; one at a time, the others are told busy.
     */
    boolean claimUdp(IperfSession session);

    /** {@code session} no longer uses the UDP port (a no-op for a test that did not claim it). */
    void releaseUdp(IperfSession session);
}
