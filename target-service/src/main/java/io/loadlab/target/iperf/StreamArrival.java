package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Cookie;

import java.nio.channels.SocketChannel;

/**
 * A TCP connection handed to a test that collects its streams: with its cookie when another test already read it
 * (and found it was not its own), null when no one has read a byte of it yet.
 */
record StreamArrival(SocketChannel channel, Cookie cookie) {
}
