package io.loadlab.loadgen.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Judges thresholds on figures already measured, and the whole verdict. Pure: the caller says what the figures are
 * (a kind's {@code gateFigures}) and how the run ended; a figure missing from them fails its threshold with
 * {@code actual: null}, so a verdict never rests on a figure that was not measured.
 */
public final class Judge {

    private Judge() {
    }

    /** Each threshold of {@code asked} on {@code figures}, in the order asked; {@code scope} null for a run's own. */
    public static List<ThresholdResult> thresholds(GateSpec asked, Map<String, Double> figures, String scope) {
        List<ThresholdResult> out = new ArrayList<>(asked.thresholds().size());
        for (Threshold t : asked.thresholds()) {
            Double actual = figures.get(t.figure());
            boolean passed = actual != null && t.passes(actual);
            out.add(new ThresholdResult(t.figure(), t.limitText(), actual, passed, scope));
        }
        return out;
    }

    /**
     * The verdict.
     *
     * @param failure    why the run (or a cell) did not complete ({@code "the run failed: ..."}); null when it did
     * @param abortedBy  the threshold with {@code abortOnFail} that ended it early; null when none did
     * @param comparison against the baseline; null when none was named
     */
    public static GateResult verdict(List<ThresholdResult> judged, String failure, String abortedBy,
                                     BaselineComparison comparison) {
        List<ThresholdResult> failed = judged.stream().filter(t -> !t.passed()).toList();
        String reason = abortedBy != null ? (failure != null ? failure : "aborted by " + abortedBy)
                : failure != null ? failure
                : !failed.isEmpty() ? named(failed)
                : comparison != null && comparison.regressed() ? regressed(comparison)
                : null;
        return new GateResult(reason == null, judged, abortedBy, reason);
    }

    private static String named(List<ThresholdResult> failed) {
        ThresholdResult first = failed.get(0);
        return (first.scope() == null ? "" : first.scope() + ": ") + first.name() + " " + first.limit() + " failed: "
                + (first.actual() == null ? "not measured" : "actual " + Figures.text(first.actual()))
                + (failed.size() == 1 ? "" : " (and " + (failed.size() - 1) + " more failed)");
    }

    private static String regressed(BaselineComparison c) {
        List<String> figures = c.figures().stream().filter(f -> f.change() == Change.REGRESSED)
                .map(f -> f.cell() + " " + f.figure()).distinct().toList();
        return String.join(", ", figures) + " regressed against " + c.baseline();
    }
}
