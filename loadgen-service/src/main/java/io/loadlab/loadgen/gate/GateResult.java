package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The judgement of a finished run or experiment that asked for thresholds or a baseline: what a pipeline gates on.
 * {@code passed} is true only when the run (every cell) completed, every threshold passed and no figure regressed
 * against the baseline: a failed or cancelled run never passes, whatever its figures.
 *
 * @param passed      the whole verdict
 * @param thresholds  each threshold judged, in the order asked (an experiment: per cell, in the order run)
 * @param abortedBy   the threshold with {@code abortOnFail} that ended the run early, as {@code "errors < 10"}; null
 *                    (absent) when none did
 * @param reason      why it did not pass in one line ({@code "p99Millis < 50: 73.2"}, {@code "the run failed: ..."},
 *                    {@code "requestsPerSecond regressed against ..."}); null (absent) when it passed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GateResult(boolean passed, List<ThresholdResult> thresholds, String abortedBy, String reason) {

    public GateResult {
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
        if (passed && (abortedBy != null || thresholds.stream().anyMatch(t -> !t.passed()))) {
            throw new IllegalArgumentException("cannot pass with a failed threshold: " + thresholds + ", " + abortedBy);
        }
    }
}
