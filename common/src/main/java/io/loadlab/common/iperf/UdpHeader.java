package io.loadlab.common.iperf;

import java.nio.ByteBuffer;

/**
 * The head of every UDP datagram iperf3 sends: send time as seconds and microseconds (32 bits each) and the
 * sequence number, from 1, in 32 bits or, when the client asked for {@code --udp-counters-64bit}, 64; all
 * big-endian. The rest of the datagram is payload.
 */
public final class UdpHeader {

    private UdpHeader() {
    }

    /** Bytes the header takes; a datagram must be at least this long. */
    public static int size(boolean counters64) {
        return counters64 ? 16 : 12;
    }

    /** Writes the header at the buffer's start, leaving its position alone. */
    public static void write(ByteBuffer datagram, long epochMicros, long sequence, boolean counters64) {
        datagram.putInt(0, (int) (epochMicros / 1_000_000));
        datagram.putInt(4, (int) (epochMicros % 1_000_000));
        if (counters64) {
            datagram.putLong(8, sequence);
        } else {
            datagram.putInt(8, (int) sequence);
        }
    }

    /** The send time in microseconds since the epoch (seconds as unsigned 32 bits, as iperf3 writes them). */
    public static long epochMicros(ByteBuffer datagram) {
        return Integer.toUnsignedLong(datagram.getInt(0)) * 1_000_000 + Integer.toUnsignedLong(datagram.getInt(4));
    }

    /** The sequence number; 32-bit counters read as signed, as iperf3 3.12 reads them into an int. */
    public static long sequence(ByteBuffer datagram, boolean counters64) {
        return counters64 ? datagram.getLong(8) : datagram.getInt(8);
    }
}
