package io.loadlab.target.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * What the reflector does with one received datagram before any reply: counts it, follows its sender's
 * sequence number, and for a pong request turns it into the pong in place. No socket here, so a fuzzer
 * drives exactly the code {@link ReflectorLoop} runs; the loop only receives and sends.
 * Single-threaded, like the socket that owns it.
 */
final class DatagramIntake {

    private final ReflectorStats stats;
    private final SenderSequences senders;

    DatagramIntake(ReflectorStats stats, int maxSenders) {
        this.stats = stats;
        this.senders = new SenderSequences(maxSenders, stats);
    }

    /**
     * Takes the {@code size} bytes received from {@code sender} at the start of {@code datagram} (read with
     * absolute gets, its position untouched). True when the sender asked for a pong: the buffer then holds it.
     */
    boolean take(SocketAddress sender, ByteBuffer datagram, int size) {
        stats.increment(ReflectorCounter.RECEIVED);
        stats.add(ReflectorCounter.RECEIVED_BYTES, size);
        switch (SockperfHeader.classify(datagram, size)) {
            case TOO_SHORT -> stats.increment(ReflectorCounter.TOO_SHORT);
            case BAD_LENGTH -> stats.increment(ReflectorCounter.BAD_LENGTH);
            case ONE_WAY -> {
                stats.increment(ReflectorCounter.ONE_WAY);
                senders.heard(sender, SockperfHeader.sequence(datagram));
            }
            case PONG_REQUEST -> {
                senders.heard(sender, SockperfHeader.sequence(datagram));
                SockperfHeader.toPong(datagram);
                return true;
            }
        }
        return false;
    }
}
