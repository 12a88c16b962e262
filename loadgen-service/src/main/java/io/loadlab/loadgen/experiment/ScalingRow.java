package io.loadlab.loadgen.experiment;

/**
 * One target's figures for one variant next to the smallest node's.
 *
 * @param perCore    requests per second per core
 * @param efficiency perCore / the smallest node's perCore: 1.0 is linear scaling
 */
public record ScalingRow(String variant, String target, int cores, double requestsPerSecond, double perCore,
                         double efficiency) {
}
