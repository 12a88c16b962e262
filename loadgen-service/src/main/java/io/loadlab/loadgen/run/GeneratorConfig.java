package io.loadlab.loadgen.run;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** When a run's own generator counts as disturbed while it measured ({@link DisturbanceLimits}, defaults there). */
@ConfigMapping(prefix = "loadgen.generator")
public interface GeneratorConfig {

    /** An event loop's timer running later than this in a measured part flags the run as disturbed. */
    @WithDefault("10ms")
    Duration maxLoopLag();

    /** GC pauses over this share (0..1) of a measured part flag the run as disturbed. */
    @WithDefault("0.01")
    double maxGcShare();

    /** Both limits as one value. */
    default DisturbanceLimits limits() {
        return new DisturbanceLimits(maxLoopLag(), maxGcShare());
    }
}
