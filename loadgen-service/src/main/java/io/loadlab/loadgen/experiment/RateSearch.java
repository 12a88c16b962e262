package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.engine.RateSchedule;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleFunction;

/**
 * Finds the highest sustainable open-model rate: doubles the rate from {@code startRate} while probes are good
 * (capped at {@code maxRate}), then bisects between the last good and the first bad rate until they are within
 * {@code precision} of each other, never more than {@code maxSteps} probes. Pure: the probe is a function, so
 * the algorithm is tested without running load.
 */
public final class RateSearch {

    /** Runs one probe at a rate; answers what was measured, with {@link ProbePoint#ok()} decided by the caller's SLO. */
    public interface Probe extends DoubleFunction<ProbePoint> {
    }

    private RateSearch() {
    }

    public static SearchResult run(String target, int cores, String variant, SearchSpec s, Probe probe,
                                   BooleanSupplier cancelled) {
        List<ProbePoint> curve = new ArrayList<>();
        double good = 0;
        double bad = Double.NaN;
        double rate = s.startRate();
        String note = null;
        while (note == null) {
            if (curve.size() >= s.maxSteps()) {
                note = "stopped after maxSteps=" + s.maxSteps() + " probes";
                break;
            }
            if (cancelled.getAsBoolean()) {
                note = "cancelled";
                break;
            }
            ProbePoint p = probe.apply(rate);
            curve.add(p);
            if (p.ok()) {
                good = Math.max(good, rate);
            } else {
                bad = Double.isNaN(bad) ? rate : Math.min(bad, rate);
            }
            if (Double.isNaN(bad)) {
                if (rate >= s.maxRate()) {
                    note = "maxRate " + s.maxRate() + " is sustainable";
                } else {
                    rate = Math.min(rate * 2, s.maxRate());
                }
            } else if (good > 0 && (bad - good) / good <= s.precision()) {
                note = "converged: good and bad rates within precision " + s.precision();
            } else if (good == 0 && (bad <= s.startRate() * s.precision() || bad / 2 < RateSchedule.MIN_PER_SECOND)) {
                note = "no rate down to " + bad + " met the SLO";
            } else {
                rate = (good + bad) / 2;
            }
        }
        return new SearchResult(target, cores, variant, good > 0 ? good : null, List.copyOf(curve), note);
    }
}
