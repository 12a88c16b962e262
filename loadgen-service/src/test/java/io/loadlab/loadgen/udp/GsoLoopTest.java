package io.loadlab.loadgen.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.udp.throughput.UdpThroughputReport;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flat-out throughput runs sent in kernel-segmented batches ({@link GsoLoop}), against a real socket on loopback: the
 * kernel's own count of what that socket dropped closes the books, so every message counted sent is accounted for.
 */
@SystemTest
class GsoLoopTest {

    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    /**
     * Every datagram that arrives is one whole message, sockperf's header stamped with its own length and the client
     * flag, its sequence number above the last; what arrived plus what the receiving socket dropped (its
     * {@code drops} in /proc/net/udp) is exactly what the run counted sent, in whole batches.
     */
    @Test
    void everyMessageCountedSentArrivedOrWasDroppedByTheReceiverOneDatagramEach() throws Exception {
        try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            receiver.setReceiveBufferSize(8 << 20);
            int port = receiver.getLocalPort();
            AtomicLong received = new AtomicLong();
            AtomicReference<String> wrong = new AtomicReference<>();
            Thread reader = new Thread(() -> read(receiver, received, wrong), "gso-test-receiver");
            reader.setDaemon(true);
            reader.start();

            RunOutcome o = UdpRunTest.run(new UdpThroughputSpec(URI.create("udp://127.0.0.1:" + port), 64, 0, ONE_SECOND,
                    Duration.ZERO, null));
            reader.join(10_000);
            assertFalse(reader.isAlive(), "the receiver drains within 10 s");
            UdpThroughputReport r = (UdpThroughputReport) o.report();
            assertNull(o.failure());
            assertNull(wrong.get(), wrong::get);
            assertEquals(0, r.messagesSent() % GsoLoop.segments(64), "whole batches of 64: " + r);
            assertTrue(r.messagesSent() > 10_000, r.toString());
            long dropped = drops(port);
            System.out.printf(Locale.ROOT, "GsoLoopTest: sent %d in batches of %d, received %d, dropped by the receiver %d%n",
                    r.messagesSent(), GsoLoop.segments(64), received.get(), dropped);
            assertEquals(r.messagesSent(), received.get() + dropped, "received " + received + " + dropped " + dropped);
        }
    }

    /** A port nobody listens on answers ICMP port unreachable: each batch the kernel then refuses is errors, none sent. */
    @Test
    void batchesRefusedForAClosedPortCountAsErrorsNeverAsSent() throws Exception {
        int port;
        try (DatagramSocket gone = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        RunOutcome o = UdpRunTest.run(new UdpThroughputSpec(URI.create("udp://127.0.0.1:" + port), 64, 0, ONE_SECOND,
                Duration.ZERO, null));
        UdpThroughputReport r = (UdpThroughputReport) o.report();
        assertNull(o.failure());
        System.out.printf(Locale.ROOT, "GsoLoopTest: to a closed port, sent %d, errors %d%n", r.messagesSent(), r.sendErrors());
        assertTrue(r.sendErrors() > 0, r.toString());
        assertEquals(0, r.sendErrors() % GsoLoop.segments(64), "whole batches: " + r);
        assertEquals(0, r.messagesSent() % GsoLoop.segments(64), "whole batches: " + r);
    }

    @Test
    void aRunThatCannotBeBatchedSendsOneAtATime() throws Exception {
        InetSocketAddress peer = new InetSocketAddress(InetAddress.getLoopbackAddress(), 9);
        assertNull(open(new UdpThroughputSpec(URI.create("udp://127.0.0.1:9"), 64, 1_000, ONE_SECOND, Duration.ZERO, null), peer),
                "a rate is kept message by message");
        assertNull(open(new UdpThroughputSpec(URI.create("udp://127.0.0.1:9"), 40_000, 0, ONE_SECOND, Duration.ZERO, null), peer),
                "one message per batch is no batch");
        try (GsoLoop batches = open(new UdpThroughputSpec(URI.create("udp://127.0.0.1:9"), 1472, 0, ONE_SECOND, Duration.ZERO,
                null), peer)) {
            assertNotNull(batches, "flat out on loopback: batches (needs Netty's epoll transport and a kernel with UDP GSO)");
        }
        InetSocketAddress local = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        assertTrue(GsoLoop.fitsMtu(65_508, local), "loopback's MTU of 65,536 takes 65,508 + 28 header bytes");
        assertFalse(GsoLoop.fitsMtu(65_509, local));
    }

    private static GsoLoop open(UdpThroughputSpec spec, InetSocketAddress peer) throws Exception {
        return GsoLoop.open(spec, peer, 1 << 20, "gso-test");
    }

    /** Reads until 500 ms pass without a datagram (10 s before the first), checking each one. */
    private static void read(DatagramSocket receiver, AtomicLong received, AtomicReference<String> wrong) {
        byte[] buffer = new byte[2048];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        long last = 0;
        try {
            receiver.setSoTimeout(10_000);
            while (true) {
                try {
                    receiver.receive(packet);
                } catch (SocketTimeoutException quiet) {
                    return;
                }
                receiver.setSoTimeout(500);
                ByteBuffer in = ByteBuffer.wrap(buffer, 0, packet.getLength());
                long seq = SockperfHeader.sequence(in);
                if (packet.getLength() != 64 || SockperfHeader.length(in) != 64 || SockperfHeader.flags(in) != SockperfHeader.CLIENT
                        || seq <= last) {
                    wrong.compareAndSet(null, String.format(Locale.ROOT, "datagram of %d bytes, length %d, flags %d, sequence"
                            + " %d after %d", packet.getLength(), SockperfHeader.length(in), SockperfHeader.flags(in), seq, last));
                }
                last = seq;
                received.incrementAndGet();
            }
        } catch (Exception e) {
            wrong.compareAndSet(null, "receiver failed: " + e);
        }
    }

    /**
     * The kernel's count of datagrams the socket bound to {@code port} dropped: the last column of its line in
     * /proc/net/udp, or udp6 where the JVM bound a dual-stack socket.
     */
    private static long drops(int port) throws Exception {
        String suffix = String.format(Locale.ROOT, ":%04X", port);
        for (String table : new String[] {"/proc/net/udp", "/proc/net/udp6"}) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 2 && f[1].endsWith(suffix)) {
                    return Long.parseLong(f[f.length - 1]);
                }
            }
        }
        throw new AssertionError("no socket on port " + port + " in /proc/net/udp or udp6");
    }
}
