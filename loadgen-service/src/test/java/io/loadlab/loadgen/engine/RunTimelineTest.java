package io.loadlab.loadgen.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunTimelineTest {

    @Test
    void warmUpThenMeasuredPartThenOver() {
        RunTimeline t = RunTimeline.starting(100, Duration.ofNanos(50), Duration.ofNanos(1_000));
        assertTrue(t.warmingUp(149));
        assertFalse(t.warmingUp(150));
        assertEquals(0, t.measuredNanos(120));
        assertEquals(400, t.measuredNanos(550));
        assertFalse(t.over(1_149));
        assertTrue(t.over(1_150));
        assertEquals(1_000, t.measuredNanos(Long.MAX_VALUE));
    }
}
