package io.loadlab.common.sockperf;

import java.nio.ByteBuffer;

/**
 * sockperf's message header, the first {@value #BYTES} bytes of every datagram, in network byte order:
 * an 8-byte sequence number, 2-byte flags and the 4-byte length of the whole message, header included.
 * Read and written with absolute gets and puts on the caller's buffer, so neither checking a datagram (the
 * target's reflector) nor stamping the next one (the loadgen) allocates anything.
 */
public final class SockperfHeader {

    public static final int BYTES = 14;
    /** Set by clients; a reflector clears it in its reply so the client knows an answer from an echo. */
    public static final short CLIENT = 1;
    /** The sender wants this message back. */
    public static final short PONG_REQUEST = 2;
    /** The largest UDP payload over IPv4. */
    public static final int MAX_MESSAGE = 65_507;

    private static final int FLAGS_AT = 8;
    private static final int LENGTH_AT = 10;

    private SockperfHeader() {
    }

    /** What a received datagram is, judged from its header and its size. */
    public enum Kind {
        /** Well-formed, the sender asks for it back. */
        PONG_REQUEST,
        /** Well-formed, counted and dropped (throughput traffic). */
        ONE_WAY,
        /** Fewer bytes than a header. */
        TOO_SHORT,
        /** The length field disagrees with the datagram's size. */
        BAD_LENGTH
    }

    /** Classifies the {@code size} bytes received at the start of {@code datagram}. */
    public static Kind classify(ByteBuffer datagram, int size) {
        if (size < BYTES) {
            return Kind.TOO_SHORT;
        }
        if (Integer.toUnsignedLong(datagram.getInt(LENGTH_AT)) != size) {
            return Kind.BAD_LENGTH;
        }
        return (flags(datagram) & PONG_REQUEST) != 0 ? Kind.PONG_REQUEST : Kind.ONE_WAY;
    }

    public static long sequence(ByteBuffer datagram) {
        return datagram.getLong(0);
    }

    public static short flags(ByteBuffer datagram) {
        return datagram.getShort(FLAGS_AT);
    }

    /** The length field: the whole message's size as its sender wrote it, header included. */
    public static int length(ByteBuffer datagram) {
        return datagram.getInt(LENGTH_AT);
    }

    /** Writes the header at the start of {@code datagram}: sequence, flags and the whole message's length. */
    public static void put(ByteBuffer datagram, long sequence, short flags, int length) {
        datagram.putLong(0, sequence).putShort(FLAGS_AT, flags).putInt(LENGTH_AT, length);
    }

    /** Rewrites the sequence number and flags in place, the length left as it was: one buffer resent. */
    public static void restamp(ByteBuffer datagram, long sequence, short flags) {
        datagram.putLong(0, sequence).putShort(FLAGS_AT, flags);
    }

    /** Turns a client's message into its pong, in place: same bytes, client flag cleared. */
    public static void toPong(ByteBuffer datagram) {
        datagram.putShort(FLAGS_AT, (short) (flags(datagram) & ~CLIENT));
    }
}
