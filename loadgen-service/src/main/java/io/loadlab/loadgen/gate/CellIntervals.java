package io.loadlab.loadgen.gate;

import io.loadlab.loadgen.stats.Interval;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One cell of an experiment as a baseline comparison sees it: its name and each figure's median and interval over
 * the completed repeats ({@link Interval#samples} of them).
 *
 * @param cell    {@code target/variant[/protocol]}: the same name on both sides is the same cell
 * @param figures each figure's interval; a figure absent here is one the cell could not measure
 */
public record CellIntervals(String cell, Map<BaselineFigure, Interval> figures) {

    public CellIntervals {
        Objects.requireNonNull(cell, "cell");
        figures = figures.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(figures));
    }
}
