package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The figures a verdict rests on, each a 0..1 ratio measured over the cell's measured part; null where
 * it could not be measured (e.g. the target's metrics did not answer).
 *
 * @param targetCpu       the target's CPU time / (wall time x its cores)
 * @param linkUtilisation bytes per second received / link capacity in bytes per second
 * @param loadgenCpu      the loadgen's CPU time / (wall time x the CPUs it may run on)
 * @param loadgenCpuWait  time the loadgen's threads were runnable but waited for a CPU, same scale: a
 *                        generator sharing its cores with a busy neighbour is starved, not idle
 * @param scheduleLag     open model only: 1 - achieved rate / requested rate (0 when on schedule)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Evidence(Double targetCpu, Double linkUtilisation, Double loadgenCpu, Double loadgenCpuWait,
                       Double scheduleLag) {

    /** CPU the loadgen wanted: on a CPU or waiting for one. */
    public double loadgenDemand() {
        return (loadgenCpu == null ? 0 : loadgenCpu) + (loadgenCpuWait == null ? 0 : loadgenCpuWait);
    }
}
