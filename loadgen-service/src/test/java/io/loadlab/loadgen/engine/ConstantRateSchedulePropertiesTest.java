package io.loadlab.loadgen.engine;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schedule's arithmetic over every accepted rate (the floor up to 1e9/s, a thousand times the default
 * max-rate) and any span a long of nanoseconds holds (issue 10: tiny rates overflowed, every slot came due
 * at once). Slots are found by bisection, so a span of centuries costs no more than one of a second.
 */
class ConstantRateSchedulePropertiesTest {

    private static final double MAX_RATE = 1e9;
    /** An hour, the default max-duration; properties below also reach far past it. */
    private static final long HOUR = 3_600_000_000_000L;

    @Property
    void slotsNeverWrapIntoThePast(@ForAll @DoubleRange(min = RateSchedule.MIN_PER_SECOND, max = MAX_RATE) double rate,
                                   @ForAll @LongRange(min = -HOUR, max = HOUR) long start,
                                   @ForAll @LongRange(min = 0, max = Long.MAX_VALUE - 1) long index) {
        ConstantRateSchedule s = new ConstantRateSchedule(start, rate);
        assertTrue(s.timeOf(index) >= start, "slot " + index + " before the start");
        assertTrue(s.timeOf(index + 1) >= s.timeOf(index), "slots out of order at " + index);
    }

    @Property
    void anyIntervalHoldsRateTimesLengthSlotsWithinOne(
            @ForAll @DoubleRange(min = RateSchedule.MIN_PER_SECOND, max = MAX_RATE) double rate,
            @ForAll @LongRange(min = -HOUR, max = HOUR) long start,
            @ForAll @LongRange(min = 0, max = 24 * HOUR) long from,
            @ForAll @LongRange(min = 0, max = 24 * HOUR) long length) {
        ConstantRateSchedule s = new ConstantRateSchedule(start, rate);
        long a = start + from;
        long slots = firstAtOrAfter(s, a + length) - firstAtOrAfter(s, a);
        double expected = rate * length / 1e9;
        assertEquals(expected, slots, 1.0 + 1e-6, "slots in [" + a + ", " + (a + length) + ") at " + rate + "/s");
    }

    @Property
    void theScheduleSlotsFromTheStartAreTheSameCountedOneByOne(
            @ForAll @DoubleRange(min = RateSchedule.MIN_PER_SECOND, max = 1e5) double rate,
            @ForAll @LongRange(min = 1, max = 100_000_000) long length) {
        RateSchedule s = RateSchedule.constant(0, rate);
        long count = 0;
        while (s.next() < length) {
            count++;
        }
        assertEquals(firstAtOrAfter(new ConstantRateSchedule(0, rate), length), count);
        assertEquals(rate * length / 1e9, count, 1.0 + 1e-6);
    }

    /** What the open model's shortfall counts by: the slots due before a time, found without walking them. */
    @Property
    void dueBeforeCountsTheSlotsBeforeATime(@ForAll @DoubleRange(min = RateSchedule.MIN_PER_SECOND, max = MAX_RATE) double rate,
                                            @ForAll @LongRange(min = -HOUR, max = HOUR) long start,
                                            @ForAll @LongRange(min = -HOUR, max = 24 * HOUR) long offset) {
        ConstantRateSchedule s = new ConstantRateSchedule(start, rate);
        long t = start + offset;
        long due = s.dueBefore(t);
        assertEquals(firstAtOrAfter(s, t), due);
        assertTrue(due == 0 || s.timeOf(due - 1) < t);
    }

    @Property
    void ratesBelowTheFloorAreRefused(@ForAll @DoubleRange(min = 0, max = RateSchedule.MIN_PER_SECOND, maxIncluded = false) double rate) {
        assertThrows(IllegalArgumentException.class, () -> RateSchedule.constant(0, rate));
    }

    /** The index of the first slot at or after {@code t}: slots are non-decreasing in their index. */
    private static long firstAtOrAfter(ConstantRateSchedule s, long t) {
        long lo = 0;
        long hi = Long.MAX_VALUE - 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (s.timeOf(mid) >= t) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
