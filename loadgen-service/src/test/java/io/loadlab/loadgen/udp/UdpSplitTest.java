package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongKind;
import io.loadlab.loadgen.udp.pingpong.UdpPingPongSpec;
import io.loadlab.loadgen.udp.throughput.UdpThroughputKind;
import io.loadlab.loadgen.udp.throughput.UdpThroughputSpec;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadKind;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadSpec;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The UDP kinds' typed split: the rate divided exactly, the first agents taking the remainders, the rest copied. */
class UdpSplitTest {

    private static final URI TARGET = URI.create("udp://127.0.0.1:11111");
    private static final URI METRICS = URI.create("http://127.0.0.1:8080/q/metrics");
    private static final Duration TWO = Duration.ofSeconds(2);
    private static final Duration HALF = Duration.ofMillis(500);

    @Test
    void aThroughputRateIsDividedExactlyWithTheRemaindersFirstAndNoPartReadsTheReflector() {
        UdpThroughputSpec whole = new UdpThroughputSpec(TARGET, 200, 1000, TWO, HALF, METRICS);
        List<RunSpec> parts = new UdpThroughputKind(null, null).parts(whole, 3);
        assertEquals(List.of(333.334, 333.333, 333.333), rates(parts));
        assertEquals(0, sum(parts).compareTo(new BigDecimal("1000")), "the parts sum to the whole: " + parts);
        for (RunSpec p : parts) {
            UdpThroughputSpec part = (UdpThroughputSpec) p;
            assertNull(part.targetMetrics(), "each agent reading the reflector would count every agent's messages");
            assertEquals(new UdpThroughputSpec(TARGET, 200, part.rate(), TWO, HALF, null), part, "the rest is copied");
        }
    }

    @Test
    void aRateFromABitrateSplitsTheSameWay() {
        // 10M of 1250-byte messages: 1,000/s, as the reader converts it
        UdpUnderLoadSpec whole = new UdpUnderLoadSpec(TARGET, 1250, 1000, 100, TWO, HALF, METRICS);
        List<RunSpec> parts = new UdpUnderLoadKind(null, null).parts(whole, 7);
        assertEquals(0, sum(parts).compareTo(new BigDecimal("1000")), parts.toString());
        assertEquals(142.858, rates(parts).get(0), 0);
        assertEquals(142.857, rates(parts).get(6), 0);
        parts.forEach(p -> assertEquals(100, ((UdpUnderLoadSpec) p).replyEvery()));
        parts.forEach(p -> assertNull(((UdpUnderLoadSpec) p).targetMetrics()));
    }

    @Test
    void flatOutStaysFlatOutOnEveryAgent() {
        List<RunSpec> parts = new UdpPingPongKind(null, null).parts(new UdpPingPongSpec(TARGET, 64, 0, TWO, HALF), 3);
        assertEquals(List.of(0.0, 0.0, 0.0), rates(parts));
    }

    @Test
    void aPartBelowTheLeastRateARunTakesIsRefusedNamingRate() {
        UdpThroughputSpec whole = new UdpThroughputSpec(TARGET, 64, 0.2, TWO, HALF, null);
        UnsplittableSpecException e = assertThrows(UnsplittableSpecException.class,
                () -> new UdpThroughputKind(null, null).parts(whole, 3));
        assertEquals("rate", e.field());
        assertTrue(e.getMessage().contains("0.067"), e.getMessage());
        assertEquals(2, new UdpThroughputKind(null, null).parts(whole, 2).size(), "0.1/s each is allowed");
    }

    private static List<Double> rates(List<RunSpec> parts) {
        return parts.stream().map(p -> ((UdpRunSpec) p).rate()).toList();
    }

    private static BigDecimal sum(List<RunSpec> parts) {
        return parts.stream().map(p -> BigDecimal.valueOf(((UdpRunSpec) p).rate())).reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
