package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UdpHeaderTest {

    @Test
    void bigEndianSecondsMicrosAndSequence() {
        ByteBuffer b = ByteBuffer.allocate(16);
        UdpHeader.write(b, 1_700_000_000_123_456L, 0x0102030405L, true);
        assertEquals(1_700_000_000, b.getInt(0));
        assertEquals(123_456, b.getInt(4));
        assertEquals(0x01, b.get(11));
        assertEquals(1_700_000_000_123_456L, UdpHeader.epochMicros(b));
        assertEquals(0x0102030405L, UdpHeader.sequence(b, true));
        UdpHeader.write(b, 5_000_001, 7, false);
        assertEquals(7, UdpHeader.sequence(b, false));
        assertEquals(7, b.get(11));
        assertEquals(12, UdpHeader.size(false));
    }

    @Test
    void connectMessagesAreIperf3sLittleEndianInts() {
        // iperf3 3.12 --debug on x86: "Connect received ... buf=39383736"
        ByteBuffer reply = UdpConnect.reply();
        assertEquals(0x36, reply.get(0));
        assertEquals(0x39, reply.get(3));
        assertEquals(0x39, UdpConnect.message().get(0));
        assertEquals(true, UdpConnect.isMessage(UdpConnect.message()));
        assertEquals(false, UdpConnect.isMessage(reply));
    }
}
