package io.loadlab.loadgen.page;

import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.ExperimentRecord;
import io.loadlab.loadgen.experiment.ProbePoint;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.loadlab.loadgen.experiment.SearchResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The numbers behind an experiment's charts, each a table the page also prints: requests/s by payload (variant) and
 * node size (target), scaling efficiency by cores for each variant, and each search's rate-vs-p99 curve.
 */
final class ExperimentCharts {

    private ExperimentCharts() {
    }

    static Map<String, Object> of(ExperimentRecord x, Double slo) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("bars", bars(x.cells()));
        c.put("scaling", scaling(x.scaling()));
        List<Object> searches = new ArrayList<>();
        for (SearchResult s : x.searches()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("title", s.target() + " " + s.variant());
            m.put("rate", s.curve().stream().map(ProbePoint::rate).toList());
            m.put("p99", s.curve().stream().map(ProbePoint::p99Millis).toList());
            m.put("slo", slo);
            m.put("found", s.sustainableRate());
            searches.add(m);
        }
        c.put("searches", searches);
        return c;
    }

    /** Variants in the order run, one series per target; null where a cell is missing. */
    private static Map<String, Object> bars(List<CellResult> cells) {
        Set<String> variants = new LinkedHashSet<>();
        Set<String> targets = new LinkedHashSet<>();
        cells.forEach(cell -> {
            variants.add(column(cell.variant(), cell.protocol()));
            targets.add(cell.target());
        });
        Map<String, List<Double>> byTarget = new LinkedHashMap<>();
        for (String t : targets) {
            List<Double> values = new ArrayList<>();
            for (String v : variants) {
                values.add(cells.stream().filter(cell -> cell.target().equals(t) && column(cell.variant(), cell.protocol()).equals(v))
                        .map(CellResult::requestsPerSecond).findFirst().orElse(null));
            }
            byTarget.put(t, values);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("variants", List.copyOf(variants));
        m.put("targets", byTarget);
        return m;
    }

    /** A variant's label, with its protocol's after it in an experiment with a {@code protocols} axis. */
    private static String column(String variant, String protocol) {
        return protocol == null ? variant : variant + " " + protocol;
    }

    /** One series per variant over the sorted core counts; null where a variant has no row for a size. */
    private static Map<String, Object> scaling(List<ScalingRow> rows) {
        List<Integer> cores = rows.stream().map(ScalingRow::cores).distinct().sorted().toList();
        Map<String, List<Double>> byVariant = new LinkedHashMap<>();
        for (ScalingRow r : rows) {
            byVariant.computeIfAbsent(column(r.variant(), r.protocol()), k -> new ArrayList<>(java.util.Collections.nCopies(cores.size(), (Double) null)))
                    .set(cores.indexOf(r.cores()), r.efficiency());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", cores);
        m.put("variants", byVariant);
        return m;
    }
}
