package io.loadlab.loadgen.page;

import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.FigureChange;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * One figure of one cell against the baseline, as the experiment page shows it: both sides' medians and intervals in
 * the figure's unit, and the comparison's own words ({@code regressed}, {@code no significant change} ...) with why
 * it could not tell.
 *
 * @param change the words of {@link io.loadlab.loadgen.gate.Change}
 * @param why    why it cannot tell; null otherwise
 */
@TemplateData
public record ChangeRow(String cell, String figure, String baseline, String current, String change, String why) {

    static List<ChangeRow> of(BaselineComparison comparison) {
        if (comparison == null) {
            return List.of();
        }
        return comparison.figures().stream().map(ChangeRow::of).toList();
    }

    static ChangeRow of(FigureChange f) {
        return new ChangeRow(f.cell(), f.figure(), Figure.interval(f.figure(), f.baseline()),
                Figure.interval(f.figure(), f.current()), f.change().words(), f.why());
    }

    /** The change as a CSS class: {@code change-regressed}. */
    public String css() {
        return "change-" + change.replace(' ', '-');
    }
}
