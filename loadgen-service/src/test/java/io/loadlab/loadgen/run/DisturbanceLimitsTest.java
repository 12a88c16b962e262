package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.Disturbance;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run is disturbed past either limit, strictly, and the report's block says which with its figures. */
class DisturbanceLimitsTest {

    static final long MS = 1_000_000;
    static final long TEN_SECONDS = 10_000 * MS;

    @Test
    void atTheLimitsARunIsNotDisturbed() {
        assertNull(DisturbanceLimits.DEFAULT.judge(10 * MS, 100, TEN_SECONDS), "10 ms late and 1% GC are within");
    }

    @Test
    void aLoopLatePastTheLimitIsNamedWithItsLateness() {
        Disturbance d = DisturbanceLimits.DEFAULT.judge(10 * MS + 1, 0, TEN_SECONDS);
        assertEquals(10_000.0, d.maxLoopLagMicros());
        assertEquals(0, d.gcPauseMillis());
        assertTrue(d.reason().contains("an event loop ran 10.0 ms late (loadgen.generator.max-loop-lag 10 ms)"), d.reason());
    }

    @Test
    void gcPausesPastTheirShareAreNamedWithTheirTime() {
        Disturbance d = DisturbanceLimits.DEFAULT.judge(0, 101, TEN_SECONDS);
        assertEquals(101, d.gcPauseMillis());
        assertEquals(0.0101, d.gcShare(), 1e-12);
        assertTrue(d.reason().contains("GC pauses took 101 ms, 1.0% of the measured part"), d.reason());
    }

    @Test
    void aZeroLimitFlagsAnyLatenessAndAGenerousOneNone() {
        DisturbanceLimits strict = new DisturbanceLimits(Duration.ZERO, 0);
        assertTrue(strict.judge(1, 0, TEN_SECONDS) != null);
        assertNull(new DisturbanceLimits(Duration.ofSeconds(10), 1).judge(9_999 * MS, 10_000, TEN_SECONDS));
    }

    @Test
    void limitsOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new DisturbanceLimits(Duration.ofMillis(-1), 0.01));
        assertThrows(IllegalArgumentException.class, () -> new DisturbanceLimits(Duration.ofMillis(10), 1.5));
        assertThrows(IllegalArgumentException.class, () -> new DisturbanceLimits(Duration.ofMillis(10), Double.NaN));
    }
}
