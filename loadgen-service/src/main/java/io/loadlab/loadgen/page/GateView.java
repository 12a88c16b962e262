package io.loadlab.loadgen.page;

import io.loadlab.loadgen.gate.Comparison;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.ThresholdResult;
import io.quarkus.qute.TemplateData;

import java.util.List;

/**
 * A run's or an experiment's verdict as the top of its page shows it: PASSED or FAILED, each threshold with its limit
 * and the figure measured in its unit (the exact figure kept as {@code actual} for scripts), the threshold that ended
 * the run early and why it did not pass.
 *
 * @param abortedBy the threshold with {@code abortOnFail} that ended the run, as {@code "errors < 10"}; null if none
 * @param reason    why it did not pass, in one line; null when it passed
 */
@TemplateData
public record GateView(boolean passed, List<Row> thresholds, String abortedBy, String reason) {

    public GateView {
        thresholds = List.copyOf(thresholds);
    }

    /** The view of {@code gate}; null when the run asked for no thresholds and no baseline. */
    static GateView of(GateResult gate) {
        if (gate == null) {
            return null;
        }
        return new GateView(gate.passed(), gate.thresholds().stream().map(Row::of).toList(), gate.abortedBy(),
                gate.reason());
    }

    public String word() {
        return passed ? "PASSED" : "FAILED";
    }

    /** Whether any threshold was judged in an experiment's cell: the table then has a scope column. */
    public boolean scoped() {
        return thresholds.stream().anyMatch(t -> t.scope() != null);
    }

    /**
     * One threshold judged.
     *
     * @param limit  the condition as written ({@code "< 0.001"}), then the limit in the unit the figure is shown in
     *               when that reads differently ({@code "< 0.001 (0.10 %)"}): a reader compares like with like
     * @param actual the figure as the JSON has it, "" when there was none
     * @param shown  the figure in its unit ({@code 12.3 ms}), {@link Numbers#NONE} when there was none
     */
    @TemplateData
    public record Row(String name, String limit, String actual, String shown, boolean passed, String scope) {

        static Row of(ThresholdResult t) {
            Double a = t.actual();
            return new Row(t.name(), limit(t.name(), t.limit()), a == null ? "" : a.toString(), shown(t.name(), a),
                    t.passed(), t.scope());
        }

        private static String shown(String name, Double value) {
            return Figure.shown(name, value, value != null && value == Math.rint(value));
        }

        /** {@code "< 50"} of p99Millis is {@code "< 50 (50 ms)"}; a limit that is not "symbol number" stays as it is. */
        static String limit(String name, String written) {
            int space = written.indexOf(' ');
            if (space < 0 || Comparison.of(written.substring(0, space)).isEmpty()) {
                return written;
            }
            try {
                String number = written.substring(space + 1);
                String shown = shown(name, Double.parseDouble(number));
                return shown.equals(number) ? written : written + " (" + shown + ")";
            } catch (NumberFormatException e) {
                return written;
            }
        }

        public String outcome() {
            return passed ? "pass" : "fail";
        }
    }
}
