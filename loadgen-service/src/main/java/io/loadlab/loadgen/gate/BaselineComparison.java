package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Objects;

/**
 * An experiment (or run) against the baseline it named: per cell and figure, {@code regressed}, {@code improved},
 * {@code no significant change} or {@code cannot tell}, from the bootstrap intervals of both sides' repeats.
 *
 * @param baseline the baseline's id
 * @param figures  every cell's figures, in this experiment's order
 * @param why      when nothing could be compared at all (the baseline is unknown, of another kind, target or
 *                 shape): why; null (absent) otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BaselineComparison(String baseline, List<FigureChange> figures, String why) {

    public BaselineComparison {
        Objects.requireNonNull(baseline, "baseline");
        figures = figures == null ? List.of() : List.copyOf(figures);
    }

    /** True when a figure regressed: the gate fails on it. */
    public boolean regressed() {
        return figures.stream().anyMatch(f -> f.change() == Change.REGRESSED);
    }
}
