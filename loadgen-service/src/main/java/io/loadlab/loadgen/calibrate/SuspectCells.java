package io.loadlab.loadgen.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flags cells whose rate reached {@code threshold} of the generator's ceiling for their shape and event loops.
 * Such a cell may be a measurement of the loadgen: the target might have gone faster. Pure.
 */
public final class SuspectCells {

    private SuspectCells() {
    }

    /**
     * @param threshold share of the ceiling, above 0 and at most 1, from which a cell is suspect
     * @return the suspect cells, in the order given
     */
    public static List<Suspect> flag(Ceiling ceiling, double threshold, List<CellLoad> cells) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be above 0 and at most 1: " + threshold);
        }
        List<Suspect> out = new ArrayList<>();
        for (CellLoad c : cells) {
            double max = ceiling.rate(c.shape(), c.loops());
            double share = c.rate() / max;
            if (share >= threshold) {
                out.add(new Suspect(c.target(), c.variant(), c.runId(), c.rate(), max, share, String.format(Locale.ROOT,
                        "%.0f/s is %.0f%% of this loadgen's own ceiling of %.0f/s for %s on %d event loop(s) "
                                + "(flagged from %.0f%%): the generator may have set this rate, not the target",
                        c.rate(), 100 * share, max, c.shape(), Math.min(c.loops(), ceiling.cores()), 100 * threshold)));
            }
        }
        return out;
    }
}
