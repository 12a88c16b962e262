package io.loadlab.loadgen.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests per second per core across node sizes, for each variant, relative to the smallest node, from each
 * cell's median over its repeats; each larger node says whether its difference from the smallest is beyond the
 * noise ({@link Significance}). Pure.
 */
public final class Scaling {

    private Scaling() {
    }

    /**
     * One row per cell with a completed run, grouped by variant and protocol in the order first seen, smallest node
     * first: each protocol of a variant is its own comparison, so a TLS keep-alive-off group shows its own scaling
     * beside the plain one's.
     */
    public static List<ScalingRow> of(List<CellStats> cells) {
        Map<String, List<CellStats>> byVariant = new LinkedHashMap<>();
        for (CellStats c : cells) {
            byVariant.computeIfAbsent(c.variant() + '\u0000' + c.protocol(), k -> new ArrayList<>()).add(c);
        }
        List<ScalingRow> rows = new ArrayList<>();
        byVariant.forEach((key, list) -> {
            String variant = list.get(0).variant();
            List<CellStats> sorted = list.stream().sorted(Comparator.comparingInt(CellStats::cores)).toList();
            CellStats smallest = sorted.get(0);
            double base = smallest.requestsPerSecond().median() / smallest.cores();
            for (CellStats c : sorted) {
                double perCore = c.requestsPerSecond().median() / c.cores();
                rows.add(new ScalingRow(variant, c.target(), c.cores(), c.requestsPerSecond().median(), perCore,
                        base > 0 ? perCore / base : 0, c.repeats(), c.requestsPerSecond().low(),
                        c.requestsPerSecond().high(), c == smallest ? null : c.differenceFrom(smallest), c.protocol()));
            }
        });
        return rows;
    }
}
