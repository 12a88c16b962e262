package io.loadlab.target.udp;

import io.loadlab.target.metrics.Scrape;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stock sockperf client against the reflector, unchanged: its own figures must show no error. */
@QuarkusTest
class SockperfClientTest {

    @Inject
    UdpReflector reflector;

    @Test
    void pingPongSeesEveryPongOnceAndInOrder() throws InterruptedException {
        Sockperf s = Sockperf.run("ping-pong", reflector.port(), "-t", "2", "--msg-size", "64");
        assertEquals(0, s.number("# dropped messages ="), s.output());
        assertEquals(0, s.number("# duplicated messages ="), s.output());
        assertEquals(0, s.number("# out-of-order messages ="), s.output());
        assertTrue(s.number("ReceivedMessages=") > 1000, s.output());
        double latency = s.number("Summary: Latency is");
        assertTrue(latency > 0 && latency < 10_000, s.output());
    }

    @Test
    void throughputIsReceivedWithoutMalformedOrReplies() throws InterruptedException {
        Scrape before = Scrape.now();
        Sockperf s = Sockperf.run("throughput", reflector.port(), "-t", "2", "--msg-size", "1472");
        assertTrue(s.number("Summary: Message Rate is") > 1000, s.output());
        Scrape after = Scrape.now();
        assertTrue(after.value("target_udp_one_way_total") - before.value("target_udp_one_way_total") > 1000);
        assertEquals(0, after.value("target_udp_malformed_total") - before.value("target_udp_malformed_total"));
        assertEquals(0, after.value("target_udp_replies_total") - before.value("target_udp_replies_total"));
    }

    @Test
    void underLoadAtAFixedRateGetsEveryRequestedPong() throws InterruptedException {
        Sockperf s = Sockperf.run("under-load", reflector.port(), "-t", "2", "--msg-size", "64", "--mps", "20000",
                "--reply-every", "10");
        assertEquals(0, s.number("# dropped messages ="), s.output());
        assertEquals(0, s.number("# duplicated messages ="), s.output());
        assertEquals(0, s.number("# out-of-order messages ="), s.output());
        assertTrue(s.number("ReceivedMessages=") > 100, s.output());
    }
}
