package io.loadlab.loadgen.engine;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A loop's lateness is its timer's: how long after its due time each tick ran, counted in the measured part only. */
class LoopLagProbeTest {

    static final long MS = 1_000_000;

    @Test
    void theLongestLatenessOfATickDueInTheMeasuredPartIsKept() {
        FakeClock clock = new FakeClock(0);
        ManualScheduler loop = new ManualScheduler(clock);
        // warm-up [0, 20 ms), measured [20 ms, 120 ms)
        RunTimeline timeline = RunTimeline.starting(0, Duration.ofMillis(20), Duration.ofMillis(100));
        LoopLagProbe probe = LoopLagProbe.start(loop, clock, timeline);

        long due = loop.only().dueNanos();
        assertEquals(LoopLagProbe.PERIOD_NANOS, due);
        loop.runAt(due + 15 * MS); // a warm-up stall of 15 ms is not the measured part's
        assertEquals(0, probe.maxLagNanos());

        due = loop.only().dueNanos();
        assertEquals(20 * MS + LoopLagProbe.PERIOD_NANOS, due, "the next tick is one period after the late one ran");
        loop.runAt(due + 3 * MS);
        due = loop.only().dueNanos();
        loop.runAt(due + 12 * MS);
        due = loop.only().dueNanos();
        loop.runAt(due + 1 * MS);
        assertEquals(12 * MS, probe.maxLagNanos(), "the longest of 3, 12 and 1 ms");

        probe.stop();
        assertEquals(0, loop.pendingCount(), "stopped, it leaves no timer behind");
    }
}
