package io.loadlab.loadgen.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunSeriesTest {

    @Test
    void pointsAreOnePerSecondInOrder() {
        SeriesPoint s0 = new SeriesPoint(0, 10, 0, 1, 2, 3, null);
        SeriesPoint s1 = new SeriesPoint(1, 12, 1, 1, 2, 3, 0L);
        assertEquals(2, new RunSeries(List.of(s0, s1)).points().size());
        assertEquals("points[1].second must be 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> new RunSeries(List.of(s0, s0))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SeriesPoint(0, 1, 0, 5, 4, 6, null), "p50 above p99");
        assertEquals(RunSeries.EMPTY, new RunSeries(null));
    }
}
