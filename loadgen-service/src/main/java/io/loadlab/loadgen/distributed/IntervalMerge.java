package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.IntervalSample;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exact merges of agents' intervals: counters summed, histograms added, so a merged percentile is read from
 * the merged histogram and the merged histogram's count in every bucket is the sum of the agents'.
 */
public final class IntervalMerge {

    private IntervalMerge() {
    }

    /** Interval by interval: each index's intervals from every agent that delivered one, summed; in index order. */
    public static List<MergedInterval> byIndex(Collection<List<IntervalSample>> agents) {
        Map<Long, MergedInterval> merged = new TreeMap<>();
        for (List<IntervalSample> intervals : agents) {
            for (IntervalSample s : intervals) {
                MergedInterval m = merged.get(s.index());
                if (m == null) {
                    m = new MergedInterval(s.index(), 0, new PhaseTotals(), new PhaseTotals());
                }
                m.warmup().add(s.warmup());
                m.measured().add(s.measured());
                merged.put(s.index(), new MergedInterval(s.index(), m.agents() + 1, m.warmup(), m.measured()));
            }
        }
        return new ArrayList<>(merged.values());
    }

    /** All of one agent's intervals summed, per phase. */
    public static PhaseSums total(List<IntervalSample> intervals) {
        PhaseTotals warmup = new PhaseTotals();
        PhaseTotals measured = new PhaseTotals();
        for (IntervalSample s : intervals) {
            warmup.add(s.warmup());
            measured.add(s.measured());
        }
        return new PhaseSums(warmup, measured);
    }
}
