package io.loadlab.loadgen.resource;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A figure outside what any machine can measure is no figure: null, with why, whichever source gave it (issue 42). */
class ResourceFiguresTest {

    @Test
    void plausibleFiguresAreKept() {
        ResourceFigures f = new ResourceFigures("s", 3.5, null, 4.0, 0.25, 0.0, 1e9, Map.of());
        assertEquals(3.5, f.cpuCores());
        assertEquals(4.0, f.limitCores());
        assertEquals(0.25, f.throttled());
        assertEquals(0.0, f.waitCores());
        assertEquals(1e9, f.sentBytesPerSecond());
        assertTrue(f.unmeasured().isEmpty(), f.unmeasured().toString());
    }

    /** The builtin source across a target restart: its CPU counter reset mid-cell and gave -249.5 cores. */
    @Test
    void eachImplausibleFigureIsNullWithItsReason() {
        ResourceFigures f = new ResourceFigures("s", -249.5, null, Double.POSITIVE_INFINITY, 1.5, 1e12, -1.0,
                Map.of("limit", "kept when the value is dropped too"));
        assertNull(f.cpuCores());
        assertNull(f.limitCores());
        assertNull(f.throttled());
        assertNull(f.waitCores());
        assertNull(f.sentBytesPerSecond());
        assertTrue(f.unmeasured().get("cpu").startsWith("implausible -249.5 (a cpu figure is from 0 to 8192.0; below 0 a"
                + " counter went backwards"), f.unmeasured().toString());
        assertTrue(f.unmeasured().get("throttled").startsWith("implausible 1.5 (a throttled figure is from 0 to 1.0"),
                f.unmeasured().toString());
        assertTrue(f.unmeasured().get("wait").contains("nanoseconds read as seconds"), f.unmeasured().toString());
        assertTrue(f.unmeasured().get("limit").startsWith("implausible Infinity"), f.unmeasured().toString());
        assertEquals(5, f.unmeasured().size());
    }
}
