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

    /**
     * The target's run-queue wait, as a share of its cores' time, at which a cell is {@code cpu-contended}: its
     * threads queued behind others for a tenth of their cores' time (reasoning in EXPERIMENTS.md).
     */
    @WithDefault("0.1")
    double runQueueWait();

    /**
     * The share of CFS periods in which a cgroup ran out of quota at which the quota is the ceiling: the target's
     * makes a cell {@code cpu-throttled}, the loadgen's {@code loadgen-bound}. 0.25 as kube-prometheus' CPUThrottlingHigh.
     */
    @WithDefault("0.25")
    double throttledPeriods();

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

    /**
     * The longest a search probe may run to collect 1000 requests for its p99 (ProbeDuration); at 100/s that takes
     * 10 s, so 60 s reaches down to about 17/s. Slower probes run this long and their result says so.
     */
    @WithDefault("60s")
    Duration maxProbeDuration();

    /** Runs one experiment may start, cells, probes and measurements together ({@code runsPlanned}). */
    @WithDefault("200")
    int maxRuns();

    /**
     * Targets one experiment may name. Each is at least one run, so past max-runs (200) none could pass anyway; the
     * cap is checked on the array's length before any element is read, so 300 targets (once an OutOfMemoryError in
     * planning) cost one 400, not a list of 300 x variants x repeats cells.
     */
    @WithDefault("100")
    int maxTargets();

    /** Variants one experiment may name; as {@link #maxTargets()} (400,000 variants once wrapped the run count). */
    @WithDefault("100")
    int maxVariants();

    /**
     * With {@code calibrate: true}, a cell whose requests/s reach this share of the generator's calibrated ceiling
     * for its shape is flagged as suspect. The ceiling is a lower bound (the responder shares the CPUs), so 0.7
     * leaves room for that before a real target's cell is blamed on the generator.
     */
    @WithDefault("0.7")
    double suspectShare();

    /** Newest finished experiments kept in memory and listed; older ones are read from disk by id. */
    @WithDefault("50")
    int retain();

    default Thresholds thresholds() {
        return new Thresholds(cpuSaturation(), networkSaturation(), loadgenSaturation(), scheduleLag(), runQueueWait(),
                throttledPeriods());
    }
}
