package io.loadlab.target.udp;

import io.loadlab.target.metrics.Scrape;
import io.loadlab.testsupport.SockperfClient;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stock sockperf client against the reflector, unchanged: its own figures must show no error. */
@SystemTest
@QuarkusTest
class SockperfClientTest {

    @Inject
    UdpReflector reflector;

    /**
     * How many round trips 2 s hold depends on the machine; the accounting does not. sockperf sends the next ping
     * only once the pong is in, so at most the last one is in flight when it stops, and every pong it received
     * is one the reflector counted sending (warm-up included, so its count is between the two).
     */
    @Test
    void pingPongSeesEveryPongOnceAndInOrder() throws InterruptedException {
        Scrape before = Scrape.now();
        SockperfClient s = SockperfClient.run("ping-pong", reflector.port(), "-t", "2", "--msg-size", "64");
        Scrape after = Scrape.now();
        assertEquals(0, s.number("# dropped messages ="), s.output());
        assertEquals(0, s.number("# duplicated messages ="), s.output());
        assertEquals(0, s.number("# out-of-order messages ="), s.output());
        double sent = s.number("SentMessages=");
        double received = s.number("ReceivedMessages=");
        assertTrue(received > 0 && sent - received >= 0 && sent - received <= 1, s.output());
        double replies = after.value("target_udp_replies_total") - before.value("target_udp_replies_total");
        assertTrue(replies >= received && replies <= sent, replies + " pongs counted by the reflector\n" + s.output());
        double latency = s.number("Summary: Latency is");
        assertTrue(latency > 0 && latency < 10_000, s.output());
    }

    @Test
    void throughputIsReceivedWithoutMalformedOrReplies() throws InterruptedException {
        Scrape before = Scrape.now();
        SockperfClient s = SockperfClient.run("throughput", reflector.port(), "-t", "2", "--msg-size", "1472");
        assertTrue(s.number("Summary: Message Rate is") > 1000, s.output());
        Scrape after = Scrape.now();
        assertTrue(after.value("target_udp_one_way_total") - before.value("target_udp_one_way_total") > 1000);
        assertEquals(0, after.value("target_udp_malformed_total") - before.value("target_udp_malformed_total"));
        assertEquals(0, after.value("target_udp_replies_total") - before.value("target_udp_replies_total"));
    }

    /**
     * 5,000/s, not 20,000/s: a receiver starved by a CPU hog for 15 ms overflows its default 208 KiB receive
     * buffer at 20,000/s (the loadgen's UdpRunTest lost 81 of 2,000 pongs so in one busy CI run); 5,000/s leaves
     * it four times as long.
     */
    @Test
    void underLoadAtAFixedRateGetsEveryRequestedPong() throws InterruptedException {
        SockperfClient s = SockperfClient.run("under-load", reflector.port(), "-t", "2", "--msg-size", "64", "--mps", "5000",
                "--reply-every", "10");
        assertEquals(0, s.number("# dropped messages ="), s.output());
        assertEquals(0, s.number("# duplicated messages ="), s.output());
        assertEquals(0, s.number("# out-of-order messages ="), s.output());
        assertTrue(s.number("ReceivedMessages=") > 100, s.output());
    }
}
