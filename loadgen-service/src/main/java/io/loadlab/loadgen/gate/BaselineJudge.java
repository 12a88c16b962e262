package io.loadlab.loadgen.gate;

import io.loadlab.loadgen.stats.Interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges an experiment's cells against its baseline's, figure by figure, from the repeats' intervals: overlapping
 * intervals are {@code no significant change} (the noise alone could explain the medians' difference), disjoint
 * ones {@code regressed} or {@code improved}, and with fewer than {@link FigureChange#MIN_REPEATS} completed repeats
 * on a side, or a cell missing there, {@code cannot tell} with why: never a guess. Pure.
 */
public final class BaselineJudge {

    /** A run is one measurement: what its comparison says for each figure. */
    public static final String ONE_RUN = "a run is one measurement; compare experiments with repeats >= "
            + FigureChange.MIN_REPEATS;

    private BaselineJudge() {
    }

    /**
     * Every cell of {@code current} in its order, then those only the baseline has, each figure judged.
     *
     * @param baselineId the baseline's id, as the comparison names it
     */
    public static BaselineComparison compare(String baselineId, List<CellIntervals> baseline,
                                             List<CellIntervals> current) {
        Map<String, CellIntervals> before = byName(baseline);
        Map<String, CellIntervals> now = byName(current);
        List<FigureChange> out = new ArrayList<>();
        now.values().forEach(c -> judge(before.get(c.cell()), c, c.cell(), out));
        before.values().stream().filter(b -> !now.containsKey(b.cell())).forEach(b -> judge(b, null, b.cell(), out));
        return new BaselineComparison(baselineId, out, null);
    }

    /** A run's comparison: {@code cannot tell} for each figure, since one run has no interval (see {@link #ONE_RUN}). */
    public static BaselineComparison ofOneRun(String baselineId, String cell) {
        List<FigureChange> out = new ArrayList<>();
        for (BaselineFigure f : BaselineFigure.values()) {
            out.add(new FigureChange(cell, f.figure(), null, null, Change.CANNOT_TELL, ONE_RUN));
        }
        return new BaselineComparison(baselineId, out, null);
    }

    private static void judge(CellIntervals before, CellIntervals now, String cell, List<FigureChange> out) {
        for (BaselineFigure f : BaselineFigure.values()) {
            Interval b = before == null ? null : before.figures().get(f);
            Interval c = now == null ? null : now.figures().get(f);
            String why = b == null ? "the baseline has no completed run of this cell"
                    : c == null ? "this one has no completed run of this cell"
                    : b.samples() < FigureChange.MIN_REPEATS ? "the baseline has " + repeats(b) + "; both sides need "
                    + FigureChange.MIN_REPEATS
                    : c.samples() < FigureChange.MIN_REPEATS ? "this one has " + repeats(c) + "; both sides need "
                    + FigureChange.MIN_REPEATS
                    : null;
            Change change = why != null ? Change.CANNOT_TELL : b.overlaps(c) ? Change.NO_SIGNIFICANT_CHANGE
                    : f.worse(b, c) ? Change.REGRESSED : Change.IMPROVED;
            out.add(new FigureChange(cell, f.figure(), b, c, change, why));
        }
    }

    private static String repeats(Interval i) {
        return i.samples() + (i.samples() == 1 ? " repeat" : " repeats");
    }

    private static Map<String, CellIntervals> byName(List<CellIntervals> cells) {
        Map<String, CellIntervals> out = new LinkedHashMap<>();
        cells.forEach(c -> out.putIfAbsent(c.cell(), c));
        return out;
    }
}
