package io.loadlab.common.sockperf;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SockperfHeaderTest {

    /** A message as sockperf's client writes it: big-endian sequence, flags and total length. */
    static ByteBuffer message(long sequence, int flags, int lengthField, int size) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(size, 0));
        if (size >= SockperfHeader.BYTES) {
            b.putLong(0, sequence).putShort(8, (short) flags).putInt(10, lengthField);
        }
        return b;
    }

    @Test
    void writesWhatItReadsAndRestampsOnlySequenceAndFlags() {
        ByteBuffer b = ByteBuffer.allocate(64);
        SockperfHeader.put(b, 258, (short) 3, 64);
        assertEquals(ByteBuffer.wrap(new byte[] {0, 0, 0, 0, 0, 0, 1, 2, 0, 3, 0, 0, 0, 64}), b.slice(0, SockperfHeader.BYTES));
        SockperfHeader.restamp(b, -1L, SockperfHeader.CLIENT);
        assertEquals(-1L, SockperfHeader.sequence(b));
        assertEquals(SockperfHeader.CLIENT, SockperfHeader.flags(b));
        assertEquals(64, SockperfHeader.length(b));
    }

    @Test
    void readsTheHeaderInNetworkOrder() {
        byte[] wire = {0, 0, 0, 0, 0, 0, 1, 2, 0, 3, 0, 0, 0, 64};
        ByteBuffer b = ByteBuffer.allocate(64).put(wire);
        assertEquals(258, SockperfHeader.sequence(b));
        assertEquals(3, SockperfHeader.flags(b));
        assertEquals(SockperfHeader.Kind.PONG_REQUEST, SockperfHeader.classify(b, 64));
    }

    @Test
    void classifiesByFlagsAndSize() {
        assertEquals(SockperfHeader.Kind.PONG_REQUEST, SockperfHeader.classify(message(1, 3, 64, 64), 64));
        assertEquals(SockperfHeader.Kind.PONG_REQUEST, SockperfHeader.classify(message(1, 7, 14, 14), 14));
        assertEquals(SockperfHeader.Kind.ONE_WAY, SockperfHeader.classify(message(1, 1, 64, 64), 64));
        assertEquals(SockperfHeader.Kind.ONE_WAY, SockperfHeader.classify(message(1, 5, 64, 64), 64));
    }

    @Test
    void malformedWhenShortOrLengthDisagrees() {
        assertEquals(SockperfHeader.Kind.TOO_SHORT, SockperfHeader.classify(ByteBuffer.allocate(13), 13));
        assertEquals(SockperfHeader.Kind.TOO_SHORT, SockperfHeader.classify(ByteBuffer.allocate(0), 0));
        assertEquals(SockperfHeader.Kind.BAD_LENGTH, SockperfHeader.classify(message(1, 3, 65, 64), 64));
        assertEquals(SockperfHeader.Kind.BAD_LENGTH, SockperfHeader.classify(message(1, 3, 63, 64), 64));
        assertEquals(SockperfHeader.Kind.BAD_LENGTH, SockperfHeader.classify(message(1, 3, -1, 64), 64));
    }

    @Test
    void pongClearsOnlyTheClientFlag() {
        ByteBuffer b = message(9, 7, 64, 64);
        SockperfHeader.toPong(b);
        assertEquals(6, SockperfHeader.flags(b));
        assertEquals(9, SockperfHeader.sequence(b));
        assertEquals(64, b.getInt(10));
    }
}
