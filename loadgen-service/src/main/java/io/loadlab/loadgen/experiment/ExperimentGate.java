package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.gate.Judge;
import io.loadlab.loadgen.gate.ThresholdResult;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * An experiment's thresholds judged over its counted cells (never the warm-up pass): each cell's run was judged as a
 * run ({@link io.loadlab.loadgen.run.RunJudge}); here its thresholds are listed with their scope
 * ({@code "nginx/small #2"}), {@code trustworthy} is the cell's verdict's (the generator, not the target, set the
 * pace), and the experiment passes only when it completed and every cell's run completed and passed.
 */
final class ExperimentGate {

    private static final String TRUSTWORTHY = "trustworthy";

    private ExperimentGate() {
    }

    /**
     * The judgement of a finished experiment that asked for thresholds or a baseline; null when it asked neither.
     *
     * @param runs       a cell's run by id (kept on disk past the registry's memory)
     * @param comparison against the baseline, when it named one; null otherwise
     */
    static GateResult judge(ExperimentRecord x, Function<String, Optional<RunRecord>> runs,
                            BaselineComparison comparison) {
        GateSpec asked = x.spec().thresholds();
        if (asked == null && x.spec().baseline() == null) {
            return null;
        }
        List<ThresholdResult> judged = new ArrayList<>();
        String failure = x.state() == RunState.COMPLETED ? null
                : x.state() == RunState.CANCELLED ? "the experiment was cancelled"
                : "the experiment failed: " + x.failure();
        String abortedBy = null;
        Map<String, Integer> repeats = new HashMap<>();
        for (CellResult c : x.cells()) {
            String cell = c.target() + "/" + c.variant() + (c.protocol() == null ? "" : "/" + c.protocol());
            String scope = cell + " #" + repeats.merge(cell, 1, Integer::sum);
            RunRecord run = runs.apply(c.runId()).orElse(null);
            if (asked != null) {
                judged.addAll(cell(asked, run, c, scope));
            }
            if (failure == null && !RunState.COMPLETED.json().equals(c.runState())) {
                failure = scope + ": the run " + c.runState() + (run == null || run.failure() == null ? "" : ": " + run.failure());
            }
            if (abortedBy == null && run != null && run.gate() != null && run.gate().abortedBy() != null) {
                abortedBy = scope + ": " + run.gate().abortedBy();
            }
        }
        if (asked != null && x.cells().isEmpty() && failure == null) {
            failure = "no cell was measured";
        }
        return Judge.verdict(judged, failure, abortedBy, comparison);
    }

    /** A cell's run's thresholds, scoped, {@code trustworthy} from the cell's verdict. */
    private static List<ThresholdResult> cell(GateSpec asked, RunRecord run, CellResult c, String scope) {
        List<ThresholdResult> own = run == null || run.gate() == null ? null : run.gate().thresholds();
        List<ThresholdResult> out = new ArrayList<>();
        for (int i = 0; i < asked.thresholds().size(); i++) {
            var t = asked.thresholds().get(i);
            Double actual = TRUSTWORTHY.equals(t.figure()) ? (c.verdict() == null ? null : c.verdict().trustworthy() ? 1.0 : 0.0)
                    : own == null || own.size() != asked.thresholds().size() ? null : own.get(i).actual();
            out.add(new ThresholdResult(t.figure(), t.limitText(), actual, actual != null && t.passes(actual), scope));
        }
        return out;
    }
}
