package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;

import java.nio.channels.SocketChannel;

/**
 * What a test asks of the server it runs in, with {@code target.iperf.max-clients} above 1: where a connection goes
 * that is not its own.
 */
interface SessionRouter {

    /**
     * A connection a test was offered but does not own: with its {@code cookie} (null: none read yet) it is another
     * collecting test's stream, else a new test's control connection, else ACCESS_DENIED.
     */
    void elsewhere(SocketChannel connection, Cookie cookie);
}
