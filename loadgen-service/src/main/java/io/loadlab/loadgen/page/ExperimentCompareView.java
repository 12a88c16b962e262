package io.loadlab.loadgen.page;

import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.FigureChange;
import io.loadlab.loadgen.stats.Interval;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * Experiments compared on the compare page: for each one after the first, every cell's figures against the first's,
 * both medians and intervals, and the words the JSON and the gate use.
 *
 * @param experiments the experiments, first the baseline
 * @param rows        one per compared experiment, cell and figure, in the comparisons' order
 */
@TemplateData
public record ExperimentCompareView(List<String> experiments, List<Row> rows) {

    public ExperimentCompareView {
        experiments = List.copyOf(experiments);
        rows = List.copyOf(rows);
    }

    /** The view of {@code comparisons}, each against {@code experiments.get(0)}. */
    static ExperimentCompareView of(List<String> experiments, List<BaselineComparison> comparisons) {
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            String id = experiments.get(i + 1);
            for (FigureChange f : comparisons.get(i).figures()) {
                rows.add(new Row(id, f.cell(), f.figure(), text(f.figure(), f.baseline()), text(f.figure(), f.current()),
                        f.change().words(), f.why() == null ? "" : f.why()));
            }
        }
        return new ExperimentCompareView(experiments, rows);
    }

    /**
     * {@code "1.23 ms [1.10 ms – 1.40 ms] (5)"}: median, interval and completed repeats, in the unit the other pages
     * show the figure in ({@link Figure#interval}); "" when that side has no such cell.
     */
    static String text(String figure, Interval i) {
        return i == null ? "" : Figure.interval(figure, i) + " (" + i.samples() + ")";
    }

    /**
     * One figure of one cell.
     *
     * @param experiment the experiment compared with the first
     * @param change     {@code regressed}, {@code improved}, {@code no significant change} or {@code cannot tell}
     */
    @TemplateData
    public record Row(String experiment, String cell, String figure, String baseline, String current, String change,
                      String why) {
    }
}
