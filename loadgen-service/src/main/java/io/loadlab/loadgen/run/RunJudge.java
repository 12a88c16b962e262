package io.loadlab.loadgen.run;

import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.BaselineJudge;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.Judge;
import io.loadlab.loadgen.gate.ThresholdResult;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * Judges a run as it ends, when it asked for thresholds or a baseline: each threshold on its kind's figures of the
 * merged, measured part ({@link RunKind#gateFigures}), and the verdict. A run that did not complete never
 * passes; its thresholds are still listed, with their actuals when it has a report.
 */
@Singleton
public class RunJudge {

    private final RunKinds kinds;

    @Inject
    public RunJudge(RunKinds kinds) {
        this.kinds = kinds;
    }

    /** {@code run} (ended) with its {@code gate}; as it is when it asked for neither thresholds nor a baseline. */
    public RunRecord judged(RunRecord run, Abort abort) {
        if (run.thresholds() == null && run.baseline() == null) {
            return run;
        }
        Map<String, Double> figures = run.report() == null ? Map.of() : kinds.gateFigures(run);
        return judged(run, figures, abort, compared(run));
    }

    /**
     * {@code run}'s comparison with the baseline it named; null when it named none. A run is one measurement, with no
     * interval to tell noise from a change: each figure {@code cannot tell}, saying so, never a guess.
     */
    protected BaselineComparison compared(RunRecord run) {
        return run.baseline() == null ? null : BaselineJudge.ofOneRun(run.baseline(), run.id());
    }

    /** A run ended without a report (failed to start, found running at restart): judged on no figure at all. */
    public static RunRecord unmeasured(RunRecord run) {
        return run.thresholds() == null && run.baseline() == null ? run : judged(run, Map.of(), null, null);
    }

    private static RunRecord judged(RunRecord run, Map<String, Double> figures, Abort abort,
                                    BaselineComparison comparison) {
        List<ThresholdResult> results = run.thresholds() == null ? List.of()
                : Judge.thresholds(run.thresholds(), figures, null);
        String failure = switch (run.state()) {
            case COMPLETED -> null;
            case CANCELLED -> "the run was cancelled";
            default -> abort != null ? run.failure() : "the run failed: " + run.failure();
        };
        GateResult gate = Judge.verdict(results, failure, abort == null ? null : abort.threshold().toString(), comparison);
        return run.judged(gate, comparison);
    }
}
