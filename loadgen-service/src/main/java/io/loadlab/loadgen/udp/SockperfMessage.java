package io.loadlab.loadgen.udp;

import io.loadlab.common.sockperf.SockperfHeader;

import java.nio.ByteBuffer;

/**
 * The outgoing message, in sockperf's wire format ({@link SockperfHeader}, shared with the target's reflector),
 * then padding. One direct buffer per socket, written once; each send patches the sequence number and flags in place.
 */
final class SockperfMessage {

    private static final short PING = SockperfHeader.CLIENT | SockperfHeader.PONG_REQUEST;

    private final ByteBuffer out;
    private final int size;

    SockperfMessage(int size) {
        this.size = size;
        this.out = ByteBuffer.allocateDirect(size);
        SockperfHeader.put(out, 0, SockperfHeader.CLIENT, size);
    }

    /** The buffer to send, ready from its start. */
    ByteBuffer next(long sequence, boolean pong) {
        SockperfHeader.restamp(out, sequence, pong ? PING : SockperfHeader.CLIENT);
        out.clear();
        return out;
    }

    int size() {
        return size;
    }

    /** True when the {@code n} bytes in {@code in} are a reflector's answer to one of our messages. */
    boolean isPong(ByteBuffer in, int n) {
        return n == size && SockperfHeader.length(in) == size && (SockperfHeader.flags(in) & SockperfHeader.CLIENT) == 0;
    }

    static long sequence(ByteBuffer in) {
        return SockperfHeader.sequence(in);
    }
}
