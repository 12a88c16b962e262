package io.loadlab.loadgen.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ConstantRateScheduleTest {

    @Test
    void intendedTimesAreExactMultiplesOfThePeriod() {
        RateSchedule s = RateSchedule.constant(1_000, 200);
        assertEquals(1_000, s.next());
        assertEquals(1_000 + 5_000_000, s.next());
        assertEquals(1_000 + 10_000_000, s.next());
    }

    @Test
    void roundingNeverAccumulatesIntoDrift() {
        RateSchedule s = RateSchedule.constant(0, 3);
        long last = 0;
        for (int i = 0; i <= 3_000_000; i++) {
            last = s.next();
        }
        assertEquals(1_000_000L * 1_000_000_000L, last, "the 3,000,000th request at 3/s is due at exactly 1e6 s");
    }

    @Test
    void rejectsRatesThatAreNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> RateSchedule.constant(0, 0));
        assertThrows(IllegalArgumentException.class, () -> RateSchedule.constant(0, Double.NaN));
    }
}
