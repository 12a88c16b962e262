package io.loadlab.loadgen.run;

import io.loadlab.loadgen.gate.Figures;
import io.loadlab.loadgen.gate.Threshold;

import java.util.Objects;

/**
 * A threshold with {@code abortOnFail} that failed on a running run's live figures: the run is stopped and ends
 * failed with {@link #failure()}.
 *
 * @param threshold the one that failed
 * @param atSeconds the run's measured seconds when it was seen failing
 * @param actual    the live figure then
 */
public record Abort(Threshold threshold, double atSeconds, double actual) {

    public Abort {
        Objects.requireNonNull(threshold, "threshold");
    }

    /** {@code "aborted: errors < 10 failed at 3.2 s (actual 12)"}: the run's {@code failure}. */
    public String failure() {
        return "aborted: " + threshold + " failed at " + String.format(java.util.Locale.ROOT, "%.1f", atSeconds)
                + " s (actual " + Figures.text(actual) + ")";
    }
}
