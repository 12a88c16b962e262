package io.loadlab.loadgen.calibrate;

import io.loadlab.common.sockperf.SockperfHeader;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UdpEchoTest {

    private static ByteBuffer message(long sequence, short flags, int size) {
        ByteBuffer b = ByteBuffer.allocate(size);
        SockperfHeader.put(b, sequence, flags, size);
        return b;
    }

    @Test
    void answersOnlyWhatAsksForAPongAndCountsEverything() throws Exception {
        try (UdpEcho echo = UdpEcho.start(); DatagramChannel client = DatagramChannel.open()) {
            client.connect(new InetSocketAddress("127.0.0.1", echo.uri().getPort()));
            for (int i = 0; i < 15; i++) {
                boolean pong = i % 3 != 2; // 10 ask for a pong, 5 do not
                client.write(message(i, (short) (SockperfHeader.CLIENT | (pong ? SockperfHeader.PONG_REQUEST : 0)), 64));
            }
            ByteBuffer in = ByteBuffer.allocate(2048);
            for (int i = 0; i < 15; i++) {
                if (i % 3 == 2) {
                    continue;
                }
                in.clear();
                client.read(in);
                assertEquals(64, in.position(), "the whole message comes back");
                assertEquals(i, in.getLong(0), "in order, sequence kept");
                assertEquals(SockperfHeader.PONG_REQUEST, SockperfHeader.flags(in), "the client flag cleared");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (echo.received() < 15 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(15, echo.received());
            assertEquals(10, echo.answered());
            client.configureBlocking(false);
            in.clear();
            assertTrue(client.read(in) <= 0, "no answer to a message that asked for none");
        }
    }
}
