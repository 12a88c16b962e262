package io.loadlab.loadgen.distributed;

/**
 * Interval {@code index} summed over the agents that delivered it: the controller's live view of one second.
 *
 * @param index    the interval's index, the same second after the agreed start on every agent
 * @param agents   how many agents' intervals are in the sums
 * @param warmup   the warm-up's figures
 * @param measured the measured part's figures
 */
public record MergedInterval(long index, int agents, PhaseTotals warmup, PhaseTotals measured) {
}
