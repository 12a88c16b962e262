package io.loadlab.loadgen.distributed;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClockOffsetPropertiesTest {

    private static final long HOUR = 3_600_000_000_000L;

    /** An exchange with an agent whose clock is {@code offset} ahead, taking d1 there, p inside, d2 back. */
    private static ClockSample exchange(long t0, long offset, long d1, long p, long d2) {
        long t1 = t0 + offset + d1;
        long t2 = t1 + p;
        long t3 = t2 - offset + d2;
        return new ClockSample(t0, t1, t2, t3);
    }

    @Property
    void theTrueOffsetIsWithinTheErrorBoundHoweverAsymmetricTheWire(
            @ForAll @LongRange(min = -HOUR, max = HOUR) long offset,
            @ForAll @LongRange(min = 0, max = HOUR) long t0,
            @ForAll @Size(min = 1, max = 8) List<@LongRange(min = 0, max = 50_000_000) Long> delays) {
        List<ClockSample> samples = new ArrayList<>();
        for (int i = 0; i < delays.size(); i++) {
            long d1 = delays.get(i);
            long d2 = delays.get(delays.size() - 1 - i) / (i + 1);
            samples.add(exchange(t0 + i * 1_000_000L, offset, d1, 30_000, d2));
        }
        ClockOffset estimate = ClockOffset.estimate(samples);
        assertTrue(Math.abs(estimate.offsetNanos() - offset) <= estimate.errorNanos(),
                "estimate " + estimate + " vs true " + offset);
        long bestRoundTrip = samples.stream().mapToLong(ClockSample::roundTripNanos).min().orElseThrow();
        assertTrue(estimate.errorNanos() <= bestRoundTrip / 2 + 2, "the bound is the best sample's, " + estimate);
    }

    @Property
    void agentAndControllerInstantsConvertBothWays(@ForAll @LongRange(min = -HOUR, max = HOUR) long offset,
                                                   @ForAll @LongRange(min = -HOUR, max = HOUR) long instant) {
        ClockOffset o = new ClockOffset(offset, 0, 1);
        assertEquals(instant, o.toController(o.toAgent(instant)));
        assertEquals(instant + offset, o.toAgent(instant));
    }

    @Property
    void symmetricDelaysGiveTheOffsetExactly(@ForAll @LongRange(min = -HOUR, max = HOUR) long offset,
                                             @ForAll @IntRange(min = 0, max = 10_000_000) int delay) {
        ClockOffset o = ClockOffset.estimate(List.of(exchange(HOUR, offset, delay, 5_000, delay)));
        assertTrue(Math.abs(o.offsetNanos() - offset) <= 1, o + " vs " + offset);
    }

    @Test
    void keepsTheSampleWithTheShortestRoundTrip() {
        ClockSample slow = exchange(0, 7_000, 9_000_000, 0, 100);     // queued on the way there: offset off by 4.5 ms
        ClockSample fast = exchange(50_000_000, 7_000, 60, 0, 40);
        ClockOffset o = ClockOffset.estimate(List.of(slow, fast, slow));
        assertEquals(7_010, o.offsetNanos());
        assertEquals(51, o.errorNanos());
        assertEquals(3, o.samples());
    }

    @Test
    void refusesImpossibleSamplesAndNone() {
        assertThrows(IllegalArgumentException.class, () -> new ClockSample(10, 0, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> new ClockSample(0, 10, 5, 20));
        assertThrows(IllegalArgumentException.class, () -> ClockOffset.estimate(List.of()));
    }
}
