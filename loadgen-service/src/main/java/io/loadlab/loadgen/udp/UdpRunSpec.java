package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.RunSpec;

import java.net.URI;
import java.util.List;

/**
 * What the three UDP kinds share: sockperf's messages to {@code udp://host:port}, one socket, paced by
 * {@link #rate()} or as fast as the socket takes them. Each kind is its own record so that JSON and
 * persisted runs carry the right {@code kind}; the run itself is one {@link UdpRun} for all.
 */
public interface UdpRunSpec extends RunSpec {

    /** Bytes per datagram, header included: 14 .. 65507. */
    int messageSize();

    /** Messages per second; 0 sends as fast as the socket takes them (sockperf {@code --mps max}). */
    double rate();

    /** One message in this many asks for a pong; 0: none (throughput), 1: every one (ping-pong). */
    int replyEvery();

    /** Ping-pong: each message waits for its pong (or its timeout) before the next is sent. */
    default boolean waitsForPong() {
        return false;
    }

    /** The reflector's Prometheus text, read before and after the run to count what arrived; null for none. */
    default URI targetMetrics() {
        return null;
    }

    @Override
    default List<URI> destinations() {
        return targetMetrics() == null ? List.of(target()) : List.of(target(), targetMetrics());
    }
}
