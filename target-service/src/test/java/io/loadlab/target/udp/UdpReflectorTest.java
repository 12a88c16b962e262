package io.loadlab.target.udp;

import io.loadlab.common.sockperf.SockperfHeader;
import io.loadlab.target.metrics.Scrape;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reflector seen from a plain Java client on loopback, and from /q/metrics. */
@QuarkusTest
class UdpReflectorTest {

    @Inject
    UdpReflector reflector;

    @Test
    void pongComesBackWithTheClientFlagCleared() throws IOException {
        try (DatagramSocket client = client()) {
            byte[] sent = message(42, SockperfHeader.CLIENT | SockperfHeader.PONG_REQUEST, 64, 64);
            sent[20] = 7;
            byte[] back = exchange(client, sent);
            byte[] expected = sent.clone();
            expected[9] = SockperfHeader.PONG_REQUEST;
            assertArrayEquals(expected, back);
        }
    }

    @Test
    void oneWayAndMalformedAreCountedNeverAnswered() throws IOException {
        Scrape before = Scrape.now();
        try (DatagramSocket client = client()) {
            send(client, message(1, SockperfHeader.CLIENT, 64, 64));
            send(client, new byte[5]);
            send(client, message(2, SockperfHeader.CLIENT | SockperfHeader.PONG_REQUEST, 100, 64));
            // Datagrams of one flow are handled in order: the first answer must be this one's.
            byte[] back = exchange(client, message(3, SockperfHeader.CLIENT | SockperfHeader.PONG_REQUEST, 14, 14));
            assertEquals(3, ByteBuffer.wrap(back).getLong(0));
        }
        awaitDelta(before, 4, "target_udp_received_total");
        Scrape after = Scrape.now();
        assertEquals(1, delta(before, after, "target_udp_one_way_total"));
        assertEquals(1, delta(before, after, "target_udp_malformed_total", "reason=\"too_short\""));
        assertEquals(1, delta(before, after, "target_udp_malformed_total", "reason=\"bad_length\""));
        assertEquals(1, delta(before, after, "target_udp_replies_total"));
        assertEquals(64 + 5 + 64 + 14, delta(before, after, "target_udp_received_bytes_total"));
        assertEquals(14, delta(before, after, "target_udp_reply_bytes_total"));
    }

    @Test
    void sequenceGapsAndLateArrivalsAreCounted() throws IOException {
        Scrape before = Scrape.now();
        try (DatagramSocket client = client()) {
            for (long seq : new long[]{1, 2, 6, 4, 7}) {
                send(client, message(seq, SockperfHeader.CLIENT, 32, 32));
            }
        }
        awaitDelta(before, 5, "target_udp_one_way_total");
        Scrape after = Scrape.now();
        assertEquals(3, delta(before, after, "target_udp_lost_total"));
        assertEquals(1, delta(before, after, "target_udp_out_of_order_total"));
    }

    @Test
    void forgedSequenceJumpsAreNewStreamsNotLoss() throws IOException {
        Scrape before = Scrape.now();
        try (DatagramSocket first = client(); DatagramSocket second = client()) {
            send(first, message(1, SockperfHeader.CLIENT, 32, 32));
            send(first, message(Long.MAX_VALUE, SockperfHeader.CLIENT, 32, 32)); // 2^63 - 1
            send(second, message(Long.MIN_VALUE, SockperfHeader.CLIENT, 32, 32)); // 2^63
            send(second, message(Long.MAX_VALUE, SockperfHeader.CLIENT, 32, 32)); // signed, this wrapped lost negative
            send(second, message(-1L, SockperfHeader.CLIENT, 32, 32)); // 2^64 - 1: a new stream
            send(second, message(0, SockperfHeader.CLIENT, 32, 32)); // wraps to 0: the next one, nothing lost
        }
        awaitDelta(before, 6, "target_udp_one_way_total");
        Scrape after = Scrape.now();
        assertEquals(0, delta(before, after, "target_udp_lost_total"));
        assertEquals(1, delta(before, after, "target_udp_out_of_order_total"));
        assertEquals(2, delta(before, after, "target_udp_new_streams_total"));
    }

    @Test
    void readinessSaysItIsBound() {
        given().get("/q/health/ready").then().statusCode(200).body("checks.name", hasItem("udp-reflector"));
        assertTrue(reflector.sockets() >= 1);
    }

    private DatagramSocket client() throws IOException {
        DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        s.connect(InetAddress.getLoopbackAddress(), reflector.port());
        s.setSoTimeout(2000);
        return s;
    }

    /** A message as sockperf's client writes it, with a length field that may lie about its size. */
    static byte[] message(long sequence, int flags, int lengthField, int size) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(size, 0));
        if (size >= SockperfHeader.BYTES) {
            SockperfHeader.put(b, sequence, (short) flags, lengthField);
        }
        return b.array();
    }

    private static void send(DatagramSocket s, byte[] bytes) throws IOException {
        s.send(new DatagramPacket(bytes, bytes.length));
    }

    private static byte[] exchange(DatagramSocket s, byte[] bytes) throws IOException {
        send(s, bytes);
        DatagramPacket in = new DatagramPacket(new byte[70_000], 70_000);
        s.receive(in);
        byte[] out = new byte[in.getLength()];
        System.arraycopy(in.getData(), 0, out, 0, out.length);
        return out;
    }

    private static double delta(Scrape before, Scrape after, String name, String... labels) {
        return after.value(name, labels) - before.value(name, labels);
    }

    /** Counters are read when scraped, after the socket's thread has handled the datagram: wait for it. */
    private static void awaitDelta(Scrape before, double expected, String name) {
        long deadline = System.nanoTime() + 3_000_000_000L;
        Supplier<Double> now = () -> delta(before, Scrape.now(), name);
        while (now.get() < expected && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(expected, now.get(), name);
    }
}
