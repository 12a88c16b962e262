package io.loadlab.loadgen.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Requests per second per core across node sizes, for each variant, relative to the smallest node. Pure. */
public final class Scaling {

    private Scaling() {
    }

    /** One row per cell that completed, grouped by variant in the order first seen, smallest node first. */
    public static List<ScalingRow> of(List<CellResult> cells) {
        Map<String, List<CellResult>> byVariant = new LinkedHashMap<>();
        for (CellResult c : cells) {
            if ("completed".equals(c.runState())) {
                byVariant.computeIfAbsent(c.variant(), k -> new ArrayList<>()).add(c);
            }
        }
        List<ScalingRow> rows = new ArrayList<>();
        byVariant.forEach((variant, list) -> {
            List<CellResult> sorted = list.stream().sorted(Comparator.comparingInt(CellResult::cores)).toList();
            double base = sorted.get(0).requestsPerSecond() / sorted.get(0).cores();
            for (CellResult c : sorted) {
                double perCore = c.requestsPerSecond() / c.cores();
                rows.add(new ScalingRow(variant, c.target(), c.cores(), c.requestsPerSecond(), perCore,
                        base > 0 ? perCore / base : 0));
            }
        });
        return rows;
    }
}
