package io.loadlab.loadgen.distributed;

/** One agent's (or all agents') intervals summed, per phase. */
public record PhaseSums(PhaseTotals warmup, PhaseTotals measured) {
}
