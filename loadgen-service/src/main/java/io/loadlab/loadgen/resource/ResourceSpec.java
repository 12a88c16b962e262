package io.loadlab.loadgen.resource;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a target's resource figures come from ({@code targets[i].resources}). Validated when built, each bad field
 * named under {@code field}.
 * <pre>
 * {"source": "prometheus", "url": "http://prometheus:9090", "preset": "cadvisor",
 *  "match": {"namespace": "shop", "pod": "checkout-.*", "container": "app"}}
 * </pre>
 *
 * @param source  {@code builtin} (default: the target's own {@code metrics} endpoint, as our target exports it) or
 *                {@code prometheus}
 * @param url     prometheus: the server's base URL, {@code http://host:port} (its HTTP API under {@code /api/v1})
 * @param preset  prometheus: {@code cadvisor}, {@code node}, {@code process} or {@code custom} ({@link Preset})
 * @param match   prometheus: label name to a regular expression (RE2, anchored as PromQL anchors {@code =~}),
 *                ANDed into every preset query: {@code namespace}, {@code pod}, {@code container} for cadvisor,
 *                {@code instance} for node, {@code job} or {@code instance} for process. At most 16 labels
 * @param cpus    node: the cores the target is pinned to, {@code "1"}, {@code "2-3"}, {@code "0,2"}
 * @param device  node: the network device the target's answers leave by, e.g. {@code eth0}; null: no network figure
 * @param queries custom (or to override one figure of a preset): {@link Figure#json()} to PromQL, where
 *                {@code $__range} stands for the cell's measured length ({@code rate(x[$__range])}). Each must
 *                return one series; {@code cpu} is required for custom
 * @param timeout one query's whole exchange; null: 2 s
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResourceSpec(String source, URI url, String preset, Map<String, String> match, String cpus,
                           String device, Map<String, String> queries, Duration timeout) {

    public static final String BUILTIN = "builtin";
    public static final String PROMETHEUS = "prometheus";
    /** The placeholder for the cell's measured length in a query. */
    public static final String RANGE = "$__range";

    /** The default: our target's own meters. */
    public static final ResourceSpec DEFAULT = new ResourceSpec(BUILTIN, null, null, null, null, null, null, null);

    public ResourceSpec {
        source = source == null ? BUILTIN : source;
        match = match == null ? Map.of() : Map.copyOf(new TreeMap<>(match));
        queries = queries == null ? Map.of() : Map.copyOf(new TreeMap<>(queries));
        timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
    }

    public boolean builtin() {
        return BUILTIN.equals(source);
    }

    /**
     * Records every bad field under {@code at} ({@code targets[0].resources.}): the source, and for prometheus its
     * url, preset, match (at most 16 labels, names as PromQL allows, values at most 256 characters), cpus, device,
     * queries and timeout. The spec's own constructor cannot name its place in an experiment, so its owner calls this.
     */
    public void check(Violations v, String at) {
        if (!v.check(BUILTIN.equals(source) || PROMETHEUS.equals(source), at + "source",
                "must be \"builtin\" or \"prometheus\"")) {
            return;
        }
        if (builtin()) {
            v.check(url == null && preset == null && match.isEmpty() && queries.isEmpty(), at + "source",
                    "builtin reads the target's own metrics: url, preset, match and queries belong to \"prometheus\"");
            return;
        }
        // the rest is filled in with the Prometheus source
    }
}
