package io.loadlab.loadgen.udp;

import java.nio.ByteBuffer;

/**
 * The outgoing message, in sockperf's wire format: an 8-byte sequence number, 2-byte flags and the
 * 4-byte length of the whole message, network byte order, then padding. One direct buffer per
 * socket, written once; each send patches the sequence number and flags in place.
 */
final class SockperfMessage {

    static final short CLIENT = 1;
    static final short PONG_REQUEST = 2;
    private static final int FLAGS_AT = 8;
    private static final int LENGTH_AT = 10;

    private final ByteBuffer out;
    private final int size;

    SockperfMessage(int size) {
        this.size = size;
        this.out = ByteBuffer.allocateDirect(size);
        out.putInt(LENGTH_AT, size);
    }

    /** The buffer to send, ready from its start. */
    ByteBuffer next(long sequence, boolean pong) {
        out.putLong(0, sequence);
        out.putShort(FLAGS_AT, pong ? (short) (CLIENT | PONG_REQUEST) : CLIENT);
        out.clear();
        return out;
    }

    int size() {
        return size;
    }

    /** True when the {@code n} bytes in {@code in} are a reflector's answer to one of our messages. */
    boolean isPong(ByteBuffer in, int n) {
        return n == size && in.getInt(LENGTH_AT) == size && (in.getShort(FLAGS_AT) & CLIENT) == 0;
    }

    static long sequence(ByteBuffer in) {
        return in.getLong(0);
    }
}
