package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.Counter;

import java.util.Map;

/**
 * What the agents' parts of one distributed run delivered, merged exactly from their intervals (counters summed,
 * histograms added, never a percentile averaged): what a kind's {@link PartsMerger} builds its own report of the
 * whole run from, beside the parts' own reports.
 *
 * @param measured        every counter of the measured part, summed over the agents
 * @param warmup          every counter of the warm-up, summed
 * @param histogram       the merged measured latency histogram (HdrHistogram compressed base64, nanoseconds), null
 *                        when no agent recorded a value
 * @param measuredSeconds the longest measured time an agent's intervals cover
 * @param agents          how many agents had a part
 * @param partial         true when an agent failed or did not deliver its last interval
 */
public record MergedParts(Map<Counter, Long> measured, Map<Counter, Long> warmup, String histogram,
                          double measuredSeconds, int agents, boolean partial) {

    public MergedParts {
        measured = Map.copyOf(measured);
        warmup = Map.copyOf(warmup);
        if (!(measuredSeconds >= 0) || !Double.isFinite(measuredSeconds)) {
            throw new IllegalArgumentException("measuredSeconds must be finite and >= 0, was " + measuredSeconds);
        }
        if (agents < 1) {
            throw new IllegalArgumentException("agents must be at least 1, was " + agents);
        }
    }

    /** A measured counter's sum, 0 when no agent counted it. */
    public long measured(Counter c) {
        return measured.getOrDefault(c, 0L);
    }

    /** A warm-up counter's sum, 0 when no agent counted it. */
    public long warmup(Counter c) {
        return warmup.getOrDefault(c, 0L);
    }
}
