package io.loadlab.loadgen.experiment;

import org.junit.jupiter.api.Test;

import io.loadlab.loadgen.stats.Bootstrap;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ScalingTest {

    static CellResult cell(String target, int cores, String variant, double rps, String state) {
        return cell(target, cores, variant, rps, 0, state);
    }

    static CellResult cell(String target, int cores, String variant, double rps, double p99, String state) {
        return new CellResult(target, cores, variant, "run-" + target + "-" + rps, state, rps, 0, 0, p99, 0, 0, 0, rps,
                new Verdict(Verdict.CPU, Evidence.of(null, null, null, null, null), true, "x"));
    }

    @Test
    void perCoreAndEfficiencyAgainstTheSmallestNodePerVariant() {
        List<ScalingRow> rows = Scaling.of(CellStats.of(List.of(
                cell("t8", 8, "small", 60_000, "completed"), cell("t4", 4, "small", 40_000, "completed"),
                cell("t16", 16, "small", 96_000, "completed"), cell("t4", 4, "big", 3_000, "completed"),
                cell("t8", 8, "big", 3_000, "completed"), cell("t16", 16, "big", 1, "failed")), Bootstrap.standard(), new SplittableRandom(1)));
        assertEquals(5, rows.size(), "a failed cell is left out");
        assertEquals(new ScalingRow("small", "t4", 4, 40_000, 10_000, 1.0, 1, 40_000, 40_000, null), rows.get(0));
        assertEquals(new ScalingRow("small", "t8", 8, 60_000, 7_500, 0.75, 1, 60_000, 60_000, Significance.UNKNOWN), rows.get(1));
        assertEquals(new ScalingRow("small", "t16", 16, 96_000, 6_000, 0.6, 1, 96_000, 96_000, Significance.UNKNOWN), rows.get(2));
        assertEquals(new ScalingRow("big", "t8", 8, 3_000, 375, 0.5, 1, 3_000, 3_000, Significance.UNKNOWN), rows.get(4));
    }

    @Test
    void repeatsGiveMediansAndSayWhetherALargerNodeDiffersBeyondTheNoise() {
        List<CellResult> runs = List.of(
                cell("t4", 4, "v", 40_000, "completed"), cell("t8", 8, "v", 41_000, "completed"),
                cell("t16", 16, "v", 90_000, "completed"),
                cell("t4", 4, "v", 44_000, "completed"), cell("t8", 8, "v", 39_000, "completed"),
                cell("t16", 16, "v", 95_000, "completed"),
                cell("t4", 4, "v", 42_000, "completed"), cell("t8", 8, "v", 43_000, "completed"),
                cell("t16", 16, "v", 93_000, "completed"));
        List<ScalingRow> rows = Scaling.of(CellStats.of(runs, Bootstrap.standard(), new SplittableRandom(1)));
        assertEquals(3, rows.size(), "one row per cell, not per run");
        assertEquals(42_000, rows.get(0).requestsPerSecond(), "the median of 40k, 44k, 42k");
        assertEquals(3, rows.get(0).repeats());
        assertNull(rows.get(0).vsSmallest(), "the smallest node is the reference");
        assertEquals(Significance.NOT_SIGNIFICANT, rows.get(1).vsSmallest(), "8 cores' 39k..43k overlaps 4 cores' 40k..44k");
        assertEquals(Significance.SIGNIFICANT, rows.get(2).vsSmallest(), "16 cores' 90k..95k lies clear of it");
        assertEquals(41_000 / 8.0 / (42_000 / 4.0), rows.get(1).efficiency(), 1e-12);
    }
}
