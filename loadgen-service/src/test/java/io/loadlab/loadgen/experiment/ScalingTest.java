package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ScalingTest {

    private static CellResult cell(String target, int cores, String variant, double rps, String state) {
        return new CellResult(target, cores, variant, "id", state, rps, 0, 0, 0, 0, 0, 0, rps,
                new Verdict(Verdict.CPU, Evidence.of(null, null, null, null, null), true, "x"));
    }

    @Test
    void perCoreAndEfficiencyAgainstTheSmallestNodePerVariant() {
        List<ScalingRow> rows = Scaling.of(List.of(
                cell("t8", 8, "small", 60_000, "completed"), cell("t4", 4, "small", 40_000, "completed"),
                cell("t16", 16, "small", 96_000, "completed"), cell("t4", 4, "big", 3_000, "completed"),
                cell("t8", 8, "big", 3_000, "completed"), cell("t16", 16, "big", 1, "failed")));
        assertEquals(5, rows.size(), "a failed cell is left out");
        assertEquals(new ScalingRow("small", "t4", 4, 40_000, 10_000, 1.0), rows.get(0));
        assertEquals(new ScalingRow("small", "t8", 8, 60_000, 7_500, 0.75), rows.get(1));
        assertEquals(new ScalingRow("small", "t16", 16, 96_000, 6_000, 0.6), rows.get(2));
        assertEquals(new ScalingRow("big", "t8", 8, 3_000, 375, 0.5), rows.get(4));
    }
}
