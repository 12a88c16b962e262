package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Objects;

/**
 * One threshold judged: {@code {"name": "p99Millis", "limit": "< 50", "actual": 12.3, "passed": true}}.
 *
 * @param name   the figure, as the threshold names it
 * @param limit  the condition as written back: comparison, one space, limit ({@code "< 50"}, {@code "== 1"} for
 *               {@code true})
 * @param actual the figure measured, on the merged, measured part; null when the run has no such figure (it failed
 *               before measuring), and then it did not pass
 * @param passed whether {@code actual} meets {@code limit}
 * @param scope  where in an experiment it was judged ({@code "nginx/small #2"}: target/variant[/protocol] #repeat);
 *               null (absent) for a run's own thresholds
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ThresholdResult(String name, String limit, Double actual, boolean passed, String scope) {

    public ThresholdResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(limit, "limit");
        if (actual == null && passed) {
            throw new IllegalArgumentException(name + ": a threshold without a figure cannot pass");
        }
    }

    /** A run's own threshold. */
    public ThresholdResult(String name, String limit, Double actual, boolean passed) {
        this(name, limit, actual, passed, null);
    }
}
