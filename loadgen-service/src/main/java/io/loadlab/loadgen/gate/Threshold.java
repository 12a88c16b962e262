package io.loadlab.loadgen.gate;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;

/**
 * One condition on one figure of the merged, measured part: {@code p99Millis < 50}.
 *
 * @param figure      a figure the kind names ({@link io.loadlab.loadgen.run.RunKind#gateFigureNames})
 * @param comparison  how the figure must compare with the limit
 * @param limit       a finite number in the figure's unit; {@code true} and {@code false} are 1 and 0
 * @param abortOnFail end the run early, failed, once this threshold can no longer pass (judged each second on the
 *                    measured part so far, as k6's {@code abortOnFail}); only for figures the kind can judge live
 */
public record Threshold(String figure, Comparison comparison, double limit, boolean abortOnFail,
                        Duration delayAbortEval) {

    /** A figure's name: what the report calls it. */
    public static final String FIGURE = "[A-Za-z][A-Za-z0-9.]{0,63}";

    /** A threshold judged from the first second its figure is live (or only at the end). */
    public Threshold(String figure, Comparison comparison, double limit, boolean abortOnFail) {
        this(figure, comparison, limit, abortOnFail, Duration.ZERO);
    }

    public Threshold {
        Objects.requireNonNull(comparison, "comparison");
        delayAbortEval = delayAbortEval == null ? Duration.ZERO : delayAbortEval;
        if (delayAbortEval.isNegative() || (!abortOnFail && !delayAbortEval.isZero())) {
            throw new IllegalArgumentException(figure + ": delayAbortEval goes with abortOnFail, and is not negative");
        }
        if (figure == null || !figure.matches(FIGURE)) {
            throw new IllegalArgumentException("not a figure's name: " + figure);
        }
        if (!Double.isFinite(limit)) {
            throw new IllegalArgumentException(figure + ": the limit must be a finite number: " + limit);
        }
    }

    /** The condition as written back: {@code "< 50"}, {@code ">= 0.99"}, without a trailing {@code .0}. */
    public String limitText() {
        return comparison.symbol() + " " + BigDecimal.valueOf(limit).stripTrailingZeros().toPlainString();
    }

    /** Whether {@code actual} meets this threshold; NaN never does. */
    public boolean passes(double actual) {
        return comparison.holds(actual, limit);
    }

    /** {@code "p99Millis < 50"}: how a report names it. */
    @Override
    public String toString() {
        return figure + " " + limitText();
    }
}
