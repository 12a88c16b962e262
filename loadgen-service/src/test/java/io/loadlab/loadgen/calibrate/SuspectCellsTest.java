package io.loadlab.loadgen.calibrate;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuspectCellsTest {

    /** Two cores; 50k/s per loop with keep-alive, 10k/s without, 200k UDP messages/s. */
    private static final Ceiling CEILING = new Ceiling(2, 50_000, 10_000, 12.0, 60.0, 200_000);

    private static CellLoad cell(String variant, Shape shape, int loops, double rate) {
        return new CellLoad("t", variant, "run-" + variant, shape, loops, rate);
    }

    @Test
    void flagsCellsFromTheShareOfTheirShapesCeilingOnTheirLoops() {
        List<Suspect> s = SuspectCells.flag(CEILING, 0.8, List.of(
                cell("ka-1", Shape.HTTP_KEEP_ALIVE, 1, 45_000),   // 90% of 50k: suspect
                cell("ka-2", Shape.HTTP_KEEP_ALIVE, 2, 45_000),   // 45% of 100k
                cell("ka-4", Shape.HTTP_KEEP_ALIVE, 4, 85_000),   // 4 loops on 2 cores: 85% of 100k, suspect
                cell("edge", Shape.HTTP_KEEP_ALIVE, 1, 40_000),   // exactly 80%: suspect
                cell("close", Shape.HTTP_CLOSE, 1, 9_000),        // 90% of 10k: suspect
                cell("close-low", Shape.HTTP_CLOSE, 1, 7_999),    // just under 80%
                cell("udp", Shape.UDP, 1, 100_000)));             // 50%
        assertEquals(List.of("ka-1", "ka-4", "edge", "close"), s.stream().map(Suspect::variant).toList());
        Suspect first = s.get(0);
        assertEquals(50_000, first.ceiling());
        assertEquals(0.9, first.share(), 1e-12);
        assertEquals("run-ka-1", first.runId());
        assertTrue(first.reason().contains("45000/s is 90% of this loadgen's own ceiling of 50000/s for HTTP_KEEP_ALIVE "
                + "on 1 event loop(s) (flagged from 80%)"), first.reason());
        assertEquals(100_000, s.get(1).ceiling(), "loops beyond the cores add nothing");
    }

    @Test
    void refusesAThresholdOutsideZeroToOneAndACeilingWithoutFigures() {
        assertThrows(IllegalArgumentException.class, () -> SuspectCells.flag(CEILING, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> SuspectCells.flag(CEILING, 1.5, List.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Ceiling(0, 1, Double.NaN, 1.0, -1.0, 0));
        assertTrue(e.getMessage().contains("cores 0") && e.getMessage().contains("closePerLoop NaN")
                && e.getMessage().contains("udpMessagesPerSecond 0.0") && e.getMessage().contains("cpuMicrosClose -1.0"),
                e.getMessage());
    }
}
