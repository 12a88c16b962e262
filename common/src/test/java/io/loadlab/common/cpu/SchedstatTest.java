package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedstatTest {

    @Test
    void runAndWaitNanoseconds() {
        assertEquals(Optional.of(new Schedstat(424_097_542L, 1_702_006_051L)), Schedstat.parse("424097542 1702006051 172\n"));
        assertTrue(Schedstat.parse(Resources.text("schedstat")).isPresent(), "a real /proc/self/schedstat");
    }

    @Test
    void notASchedstatLine() {
        assertEquals(Optional.empty(), Schedstat.parse(""));
        assertEquals(Optional.empty(), Schedstat.parse("12"));
        assertEquals(Optional.empty(), Schedstat.parse("a b c"));
        assertEquals(Optional.empty(), Schedstat.parse("-1 5 1"));
    }
}
