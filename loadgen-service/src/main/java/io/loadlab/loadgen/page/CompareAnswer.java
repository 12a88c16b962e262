package io.loadlab.loadgen.page;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.gate.BaselineComparison;

import java.util.List;

/**
 * {@code GET /compare} as JSON: what the compare page shows, for scripts. Every one after the first is compared with
 * the first (the baseline), in the words of {@link io.loadlab.loadgen.gate.Change}.
 *
 * @param runs        the runs compared, first the baseline; null (absent) when comparing experiments
 * @param experiments the experiments compared, first the baseline; null (absent) when comparing runs
 * @param rows        runs only: each headline figure side by side with its difference from the first
 * @param comparisons one per run or experiment after the first: per cell and figure both intervals and the words
 *                    ({@code cannot tell} for runs: a run is one measurement)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CompareAnswer(List<String> runs, List<String> experiments, List<CompareView.Row> rows,
                            List<BaselineComparison> comparisons) {

    public CompareAnswer {
        runs = runs == null ? null : List.copyOf(runs);
        experiments = experiments == null ? null : List.copyOf(experiments);
        rows = rows == null ? null : List.copyOf(rows);
        comparisons = List.copyOf(comparisons);
    }
}
