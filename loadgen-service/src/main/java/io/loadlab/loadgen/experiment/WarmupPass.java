package io.loadlab.loadgen.experiment;

import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;

/**
 * An uncounted first pass over the cells, so the repeats' intervals measure noise, not the JIT warming up: a freshly
 * started target gave 28,810, 72,535 and 75,816 req/s over three repeats, its interval [28.8k, 75.8k] blind to any
 * regression (issue 25). Each cell runs once first; those runs stay readable under {@code /runs/{id}} but are left
 * out of the cells, their stats and the gate.
 *
 * @param cells what each discarded run measured, in the order run (the same rows as {@code cells})
 */
public record WarmupPass(List<CellResult> cells) {

    public WarmupPass {
        cells = cells == null ? List.of() : List.copyOf(cells);
    }

    /** In words, for the text table: {@code "4 runs discarded, 28,810 .. 72,535 req/s"}. */
    public String summary() {
        if (cells.isEmpty()) {
            return "no run discarded yet";
        }
        DoubleSummaryStatistics rps = cells.stream().mapToDouble(CellResult::requestsPerSecond).summaryStatistics();
        return String.format(Locale.ROOT, "%d run%s discarded, %,.0f .. %,.0f req/s", cells.size(),
                cells.size() == 1 ? "" : "s", rps.getMin(), rps.getMax());
    }
}
