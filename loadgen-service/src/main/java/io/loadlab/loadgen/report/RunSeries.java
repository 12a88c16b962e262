package io.loadlab.loadgen.report;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * A run's figures per second of its measured part, one {@link SeriesPoint} per second in order. Empty for runs
 * recorded before runs kept one, for runs that never started, and for kinds that do not capture one.
 */
public record RunSeries(List<SeriesPoint> points) {

    public static final RunSeries EMPTY = new RunSeries(List.of());

    public RunSeries {
        points = points == null ? List.of() : List.copyOf(points);
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).second() != i) {
                throw new IllegalArgumentException("points[" + i + "].second must be " + i + ", was " + points.get(i).second());
            }
        }
    }

    @JsonIgnore // not a field: a persisted report must read back (Jackson would write "empty" and refuse it)
    public boolean isEmpty() {
        return points.isEmpty();
    }
}
