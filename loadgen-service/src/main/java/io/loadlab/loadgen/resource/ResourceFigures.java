package io.loadlab.loadgen.resource;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a source measured over one cell's measured part. A figure it could not give is null and
 * {@code unmeasured} says why ({@code "wait": "container_pressure_cpu_waiting_seconds_total matched no series
 * (cgroup v1 has no PSI)"}); a figure is never 0 for "unknown".
 *
 * @param source     how the figures were read, e.g. {@code builtin}, {@code prometheus cadvisor}
 * @param cpuCores   CPU used, in cores
 * @param cpuScope   whose CPU {@code cpuCores} counts: {@link #TARGET} (the target's own: its process or container)
 *                   or {@link #CORES} (everything on the cores it is pinned to, as node-exporter sees them: a
 *                   neighbour on those cores counts too, and only the run-queue wait can tell it is there)
 * @param limitCores the CFS quota in cores; null without one (and then {@code unmeasured} has no entry for it
 *                   when the source could see that there is none)
 * @param throttled  share of CFS periods throttled, 0..1
 * @param waitCores  run-queue wait, in cores
 * @param sentBytesPerSecond bytes the target sent per second, as its host or container counted them
 * @param unmeasured figure ({@link Figure#json()}) to why it is null
 */
public record ResourceFigures(String source, Double cpuCores, String cpuScope, Double limitCores, Double throttled, Double waitCores,
                              Double sentBytesPerSecond, Map<String, String> unmeasured) {

    public static final String TARGET = "target";
    public static final String CORES = "cores";

    /**
     * Cores no machine has more of: Linux's largest {@code NR_CPUS} on x86-64. A CPU, limit or wait figure past it is a
     * wrong query (a nanosecond counter read as seconds gave 1e12 "cores" and a confident cpu-bound, issue 42).
     */
    public static final double MAX_CORES = 8192;
    /** Bytes per second no link carries: 8 Tbit/s, ten times an 800 GbE port. */
    public static final double MAX_BYTES_PER_SECOND = 1e12;

    public ResourceFigures {
        cpuScope = cpuScope == null ? TARGET : cpuScope;
        Map<String, String> why = unmeasured == null ? new TreeMap<>() : new TreeMap<>(unmeasured);
        // an implausible figure is no figure: null, with why, so no verdict rests on it (NaN already was)
        cpuCores = plausible(cpuCores, MAX_CORES, Figure.CPU, why);
        limitCores = plausible(limitCores, MAX_CORES, Figure.LIMIT, why);
        throttled = plausible(throttled, 1, Figure.THROTTLED, why);
        waitCores = plausible(waitCores, MAX_CORES, Figure.WAIT, why);
        sentBytesPerSecond = plausible(sentBytesPerSecond, MAX_BYTES_PER_SECOND, Figure.NETWORK, why);
        unmeasured = Map.copyOf(why);
    }

    /**
     * {@code value} when it is a number from 0 to {@code max}; else null, and why under the figure's name: below 0 a
     * counter went backwards (the builtin source across a target restart gave -249.5 cores), above {@code max} the
     * query reads the wrong unit or series.
     */
    private static Double plausible(Double value, double max, Figure figure, Map<String, String> why) {
        if (value == null) {
            return null;
        }
        if (!Double.isFinite(value) || value < 0 || value > max) {
            why.put(figure.json(), "implausible " + value + " (a " + figure.json() + " figure is from 0 to " + max
                    + (value < 0 ? "; below 0 a counter went backwards: reset, a restart mid-cell?"
                    : "; a query on the wrong unit, such as nanoseconds read as seconds?") + ")");
            return null;
        }
        return value;
    }

    /** Nothing measured: every figure null for {@code why}. */
    public static ResourceFigures none(String source, String why) {
        Map<String, String> all = new TreeMap<>();
        for (Figure f : Figure.values()) {
            all.put(f.json(), why);
        }
        return new ResourceFigures(source, null, TARGET, null, null, null, null, all);
    }
}
