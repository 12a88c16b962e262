package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One target's figures for one variant next to the smallest node's.
 *
 * @param requestsPerSecond the median over the cell's completed repeats
 * @param perCore           requests per second per core
 * @param efficiency        perCore / the smallest node's perCore: 1.0 is linear scaling
 * @param low               the 95% interval of requests per second, lower end
 * @param high              its upper end
 * @param vsSmallest        whether requests/s differs from the smallest node's beyond the noise ({@link Significance});
 *                          null on the smallest node's own row
 * @param protocol          the {@code protocols} entry the rows of this variant compare; null (absent) without the axis
 */
public record ScalingRow(String variant, String target, int cores, double requestsPerSecond, double perCore,
                         double efficiency, int repeats, double low, double high, String vsSmallest,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String protocol) {

    /** A row of an experiment without a {@code protocols} axis. */
    public ScalingRow(String variant, String target, int cores, double requestsPerSecond, double perCore,
                      double efficiency, int repeats, double low, double high, String vsSmallest) {
        this(variant, target, cores, requestsPerSecond, perCore, efficiency, repeats, low, high, vsSmallest, null);
    }
}
