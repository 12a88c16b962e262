package io.loadlab.common.iperf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A UDP stream's handshake: the client sends the 4-byte int 0x36373839 from its stream socket, the server answers
 * 0x39383736 from the test's port. iperf3 writes both in host byte order; Debian's x86 and arm64 builds are
 * little-endian, so that is the order on the wire.
 */
public final class UdpConnect {

    public static final int SIZE = 4;
    static final int MESSAGE = 0x36373839;
    static final int REPLY = 0x39383736;

    private UdpConnect() {
    }

    public static ByteBuffer message() {
        return ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN).putInt(0, MESSAGE);
    }

    public static ByteBuffer reply() {
        return ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN).putInt(0, REPLY);
    }

    /** True for a datagram of exactly 4 bytes holding the client's message (buffer flipped for reading). */
    public static boolean isMessage(ByteBuffer datagram) {
        return datagram.remaining() == SIZE && datagram.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(datagram.position()) == MESSAGE;
    }

    /** True for the server's reply (buffer flipped for reading). */
    public static boolean isReply(ByteBuffer datagram) {
        return datagram.remaining() == SIZE && datagram.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(datagram.position()) == REPLY;
    }
}
