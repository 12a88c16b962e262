package io.loadlab.loadgen.page;

import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * Runs side by side: one column per run, one row per headline figure any of them has, and each run's
 * difference from the first (the baseline) where both have a number.
 */
@TemplateData
public record CompareView(List<String> runs, List<Row> rows, String chartJson) {

    public CompareView {
        runs = List.copyOf(runs);
        rows = List.copyOf(rows);
    }

    /**
     * One figure across the runs.
     *
     * @param values      as the JSON reports write them, "" where a run lacks the figure
     * @param differences value minus the first run's value, "" for the first run and where either is not a number
     */
    @TemplateData
    public record Row(String name, List<String> values, List<String> differences) {
        public Row {
            values = List.copyOf(values);
            differences = List.copyOf(differences);
        }
    }
}
