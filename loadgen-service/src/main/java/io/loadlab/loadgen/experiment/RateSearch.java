package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.engine.RateSchedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleFunction;

/**
 * Finds the highest sustainable open-model rate: doubles the rate from {@code startRate} while probes are good
 * (capped at {@code maxRate}), then bisects between the last good and the first bad rate until they are within
 * {@code precision} of each other, never more than {@code maxSteps} rates. Each rate is probed {@code repeats}
 * times: it is good when every repeat met the SLO, bad when none did; repeats that disagree end the search
 * INCONCLUSIVE, and a miss while the generator was saturated ends it GENERATOR_LIMITED, since neither says where
 * the target's knee is. Pure: the probe is a function, so the algorithm is tested without running load.
 */
public final class RateSearch {

    /** Runs one probe at a rate; answers what was measured, with {@link ProbePoint#ok()} decided by the caller's SLO. */
    public interface Probe extends DoubleFunction<ProbePoint> {
    }

    private RateSearch() {
    }

    public static SearchResult run(String target, int cores, String variant, SearchSpec s, int repeats, Probe probe,
                                   BooleanSupplier cancelled) {
        List<ProbePoint> curve = new ArrayList<>();
        double good = 0;
        double bad = Double.NaN;
        double rate = s.startRate();
        SearchOutcome ended = null;
        String note = null;
        for (int step = 0; note == null; step++) {
            if (step >= s.maxSteps()) {
                note = "stopped after maxSteps=" + s.maxSteps() + " rates";
                break;
            }
            int passed = 0;
            ProbePoint saturated = null;
            for (int r = 0; r < repeats && note == null; r++) {
                if (cancelled.getAsBoolean()) {
                    note = "cancelled";
                    break;
                }
                ProbePoint p = probe.apply(rate);
                curve.add(p);
                passed += p.ok() ? 1 : 0;
                saturated = !p.ok() && p.generatorSaturated() && saturated == null ? p : saturated;
            }
            if (note != null) {
                break;
            }
            if (saturated != null) {
                ended = SearchOutcome.GENERATOR_LIMITED;
                note = f("the loadgen could not keep up at %.1f/s (achieved %.1f/s, run %s) before the target missed the SLO",
                        rate, saturated.achievedRate(), saturated.runId());
            } else if (passed > 0 && passed < repeats) {
                ended = SearchOutcome.INCONCLUSIVE;
                note = f("at %.1f/s %d of %d repeats met the SLO: the knee is within the noise there", rate, passed, repeats);
            } else if (passed == repeats) {
                good = Math.max(good, rate);
            } else {
                bad = Double.isNaN(bad) ? rate : Math.min(bad, rate);
            }
            if (note != null) {
                break;
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
        Double pass = good > 0 ? good : null;
        Double fail = Double.isNaN(bad) ? null : bad;
        SearchOutcome outcome = ended != null ? ended : outcome(pass, fail);
        long few = curve.stream().filter(p -> p.samples() < ProbeDuration.MIN_SAMPLES).count();
        if (few > 0) {
            note += f("; the p99 of %d of %d probes rests on fewer than %d samples (the probe could not run long enough)",
                    few, curve.size(), ProbeDuration.MIN_SAMPLES);
        }
        Double gap = outcome == SearchOutcome.BRACKETED ? (fail - pass) / pass : null;
        return new SearchResult(target, cores, variant, outcome, pass, fail, gap, List.copyOf(curve), note);
    }

    private static SearchOutcome outcome(Double pass, Double fail) {
        if (pass != null && fail != null) {
            return SearchOutcome.BRACKETED;
        }
        if (fail != null) {
            return SearchOutcome.UPPER_BOUND;
        }
        return pass != null ? SearchOutcome.LOWER_BOUND : SearchOutcome.INCONCLUSIVE;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
