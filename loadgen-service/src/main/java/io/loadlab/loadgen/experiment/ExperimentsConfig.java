package io.loadlab.loadgen.experiment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Verdict thresholds and how experiments measure ({@code loadgen.experiments.*}). */
@ConfigMapping(prefix = "loadgen.experiments")
public interface ExperimentsConfig {

    /** Target CPU utilisation of its cores at which a cell is {@code cpu-bound}. */
    @WithDefault("0.85")
    double cpuSaturation();

    /** Bytes per second against the link capacity at which a cell is {@code network-bound}. */
    @WithDefault("0.85")
    double networkSaturation();

    /** The loadgen's CPU demand (on a CPU + runnable but waiting) at which a cell is {@code loadgen-bound}. */
    @WithDefault("0.9")
    double loadgenSaturation();

    /** Open model: achieved rate this fraction below the requested one means the schedule lagged. */
    @WithDefault("0.1")
    double scheduleLag();

    /** How often the target's metrics and the loadgen's CPU are sampled during a cell. */
    @WithDefault("250ms")
    Duration sampleInterval();

    /** Timeout of one read of a target's metrics. */
    @WithDefault("2s")
    Duration scrapeTimeout();

    /** Link measurement: items per answer (about 88 bytes each; 10000 is about 880 KB). */
    @WithDefault("10000")
    int capacityNumber();

    @WithDefault("4")
    int capacityConnections();

    @WithDefault("3s")
    Duration capacityDuration();

    /** Runs one experiment may start, cells, probes and measurements together. */
    @WithDefault("200")
    int maxRuns();

    /** Newest finished experiments kept in memory and listed; older ones are read from disk by id. */
    @WithDefault("50")
    int retain();

    default Thresholds thresholds() {
        return new Thresholds(cpuSaturation(), networkSaturation(), loadgenSaturation(), scheduleLag());
    }
}
