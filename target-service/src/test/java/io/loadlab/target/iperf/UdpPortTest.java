package io.loadlab.target.iperf;

import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.StreamId;
import io.loadlab.common.iperf.UdpConnect;
import io.loadlab.common.iperf.UdpHeader;
import io.loadlab.testsupport.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared UDP port on a real socket, with clients that speak iperf3's UDP connect: a connect is answered and
 * becomes a stream only while a setup is open, setups go one at a time, and each datagram is credited to the stream
 * its sender is routed to, none after the route is gone.
 */
class UdpPortTest {

    private static final long GENEROUS = TimeUnit.SECONDS.toNanos(10);

    private UdpPort port;
    private InetSocketAddress at;

    @BeforeEach
    void open() throws IOException {
        at = new InetSocketAddress("127.0.0.1", FreePorts.udp());
        port = new UdpPort(at.getHostString(), at.getPort());
        port.channel();
    }

    @AfterEach
    void close() {
        port.close();
    }

    @Test
    void aConnectIsAnsweredAndTakenOnlyWhileASetupIsOpen() throws Exception {
        try (DatagramChannel early = client(); DatagramChannel probe = client()) {
            StreamCounter probed = new StreamCounter(StreamId.of(0), false, StreamCounter.BytesListener.NONE);
            port.route(probe.getLocalAddress(), new UdpRoute(probed, false));
            early.write(UdpConnect.message());
            probe.write(datagram(1, 100));
            awaitPackets(probed, 1); // one socket, one reader, in arrival order: the connect was read before it
            assertFalse(answered(early, 200), "no setup open: a connect is nobody's, and not answered");
            try (UdpSetup setup = port.beginSetup(1, deadline())) {
                try (DatagramChannel stream = client()) {
                    stream.write(UdpConnect.message());
                    assertTrue(answered(stream, 10_000));
                    assertEquals(List.of(stream.getLocalAddress()), setup.await(deadline()), "the early one is not among them");
                }
            }
        }
    }

    @Test
    void aSecondSetupWaitsForTheFirstToClose() throws Exception {
        UdpSetup first = port.beginSetup(1, deadline());
        CompletableFuture<UdpSetup> second = CompletableFuture.supplyAsync(() -> {
            try {
                return port.beginSetup(1, deadline());
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        try (DatagramChannel a = client()) {
            a.write(UdpConnect.message());
            assertTrue(answered(a, 10_000));
            assertEquals(List.of(a.getLocalAddress()), first.await(deadline()));
            assertFalse(second.isDone(), "the first setup is still open");
            first.close();
            try (UdpSetup next = second.get(10, TimeUnit.SECONDS); DatagramChannel b = client()) {
                b.write(UdpConnect.message());
                assertTrue(answered(b, 10_000));
                assertEquals(List.of(b.getLocalAddress()), next.await(deadline()), "b is the second test's, a is not");
            }
        }
    }

    @Test
    void aSetupThatCannotOpenByItsDeadlineFails() throws Exception {
        try (UdpSetup ignored = port.beginSetup(1, deadline())) {
            CompletableFuture<Throwable> late = CompletableFuture.supplyAsync(() -> {
                try {
                    port.beginSetup(1, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100)).close();
                    return null;
                } catch (Exception e) {
                    return e;
                }
            });
            Throwable t = late.get(10, TimeUnit.SECONDS);
            assertTrue(t != null && t.getMessage().contains("still connecting"), String.valueOf(t));
        }
    }

    @Test
    void datagramsAreCreditedByTheirSenderAndNoneAfterTheRouteIsGone() throws Exception {
        try (DatagramChannel a = client(); DatagramChannel b = client()) {
            StreamCounter ca = new StreamCounter(StreamId.of(0), false, StreamCounter.BytesListener.NONE);
            StreamCounter cb = new StreamCounter(StreamId.of(1), false, StreamCounter.BytesListener.NONE);
            UdpRoute ra = new UdpRoute(ca, false);
            UdpRoute rb = new UdpRoute(cb, false);
            port.route(a.getLocalAddress(), ra);
            port.route(b.getLocalAddress(), rb);
            for (int i = 1; i <= 3; i++) {
                a.write(datagram(i, 100));
            }
            b.write(datagram(1, 200));
            awaitPackets(ca, 3);
            awaitPackets(cb, 1);
            assertEquals(300, ca.bytes());
            assertEquals(200, cb.bytes());
            assertEquals(0, ca.udp().lost());
            port.unroute(a.getLocalAddress(), ra);
            a.write(datagram(4, 100));
            b.write(datagram(2, 200));
            awaitPackets(cb, 2);
            assertEquals(300, ca.bytes(), "a's route is gone: its fourth datagram counted nowhere");
            assertEquals(3, ca.udp().packets());
        }
    }

    private DatagramChannel client() throws IOException {
        DatagramChannel c = DatagramChannel.open();
        c.connect(at);
        return c;
    }

    private static ByteBuffer datagram(long sequence, int length) {
        ByteBuffer d = ByteBuffer.allocate(length);
        UdpHeader.write(d, 0, sequence, false);
        d.clear();
        return d;
    }

    private static boolean answered(DatagramChannel c, int millis) throws IOException {
        c.socket().setSoTimeout(millis);
        byte[] reply = new byte[UdpConnect.SIZE];
        try {
            java.net.DatagramPacket p = new java.net.DatagramPacket(reply, reply.length);
            c.socket().receive(p);
            return UdpConnect.isReply(ByteBuffer.wrap(reply, 0, p.getLength()));
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private static void awaitPackets(StreamCounter c, long n) throws InterruptedException {
        long end = System.nanoTime() + GENEROUS;
        while (c.udp().packets() < n && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertEquals(n, c.udp().packets());
    }

    private static long deadline() {
        return System.nanoTime() + GENEROUS;
    }
}
