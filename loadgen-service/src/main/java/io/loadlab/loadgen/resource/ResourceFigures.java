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

    public ResourceFigures {
        cpuScope = cpuScope == null ? TARGET : cpuScope;
        unmeasured = unmeasured == null ? Map.of() : Map.copyOf(new TreeMap<>(unmeasured));
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
