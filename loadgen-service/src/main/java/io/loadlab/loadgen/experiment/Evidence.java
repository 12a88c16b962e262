package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The figures a verdict rests on, each a 0..1 ratio measured over the cell's measured part; null where
 * it could not be measured (e.g. the target's metrics did not answer).
 *
 * @param targetCpu       the target's CPU time / (wall time x its cores)
 * @param linkUtilisation bytes per second received / link capacity in bytes per second
 * @param loadgenCpu      the loadgen's CPU time / (wall time x the CPUs it may run on)
 * @param loadgenLoops    the loadgen's busiest threads (as many as the run has event loops): the mean fraction of
 *                        the wall time each was on a CPU or runnable and waiting for one. Near 1, the event loops
 *                        never waited for the target: the generator set the pace. Counting the waiting matters: a
 *                        generator sharing its core with a busy neighbour runs half the time and is starved, not idle
 * @param scheduleLag     open model only: 1 - achieved rate / requested rate (0 when on schedule)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Evidence(Double targetCpu, Double linkUtilisation, Double loadgenCpu, Double loadgenLoops,
                       Double scheduleLag) {

    /** How saturated the loadgen was: the larger of its CPU share and its event loops' busy-or-waiting share. */
    public double loadgenDemand() {
        return Math.max(loadgenCpu == null ? 0 : loadgenCpu, loadgenLoops == null ? 0 : loadgenLoops);
    }
}
