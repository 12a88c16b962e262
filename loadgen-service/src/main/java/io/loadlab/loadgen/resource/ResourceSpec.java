package io.loadlab.loadgen.resource;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.run.UrlSecrets;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

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

    /** Labels in a match: a pod is named by namespace, pod and container; 16 leaves room and bounds the query. */
    static final int MAX_LABELS = 16;
    static final int MAX_VALUE = 256;
    /** A query of a few matchers and functions is under 500 characters; 2048 leaves room for a user's own. */
    static final int MAX_QUERY = 2048;
    static final int MAX_URL = 2048;
    static final Duration MIN_TIMEOUT = Duration.ofMillis(100);
    static final Duration MAX_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern LABEL = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]{0,63}");
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9_.:@-]{1,64}");

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
        checkUrl(v, at + "url");
        Preset p = presetOf(preset);
        v.check(p != null, at + "preset", "must be one of cadvisor, node, process, custom");
        checkMatch(v, at + "match");
        if (v.check(p != Preset.NODE || cpus != null, at + "cpus",
                "is required for the node preset: the cores the target is pinned to, e.g. \"1\" or \"2-3\"") && cpus != null) {
            v.check(CpuList.valid(cpus), at + "cpus", "must be cores as N, N-M or N,M-K (each below " + CpuList.MAX_CORES
                    + ", at most " + CpuList.MAX_CORES + " in all, " + CpuList.MAX_LENGTH + " characters)");
        }
        if (device != null) {
            v.check(DEVICE.matcher(device).matches(), at + "device", "must be 1 to 64 characters of A-Z a-z 0-9 _ . : @ -");
        }
        checkQueries(v, at + "queries", p);
        v.check(timeout.compareTo(MIN_TIMEOUT) >= 0 && timeout.compareTo(MAX_TIMEOUT) <= 0, at + "timeout",
                "must be 100ms to 30s");
    }

    /** The preset named by {@code name}, or null for an unknown one. */
    public static Preset presetOf(String name) {
        for (Preset p : Preset.values()) {
            if (p.json().equals(name)) {
                return p;
            }
        }
        return null;
    }

    private void checkUrl(Violations v, String field) {
        if (!v.check(url != null, field, "is required for a prometheus source: the server's base URL, http://host:port")) {
            return;
        }
        v.check("http".equalsIgnoreCase(url.getScheme()) && url.getHost() != null && url.getRawUserInfo() == null
                        && url.getRawQuery() == null && url.getRawFragment() == null && url.toString().length() <= MAX_URL,
                field, "must be http://host[:port][/path] without user info, query or fragment, at most " + MAX_URL + " characters");
    }

    private void checkMatch(Violations v, String field) {
        if (!v.check(match.size() <= MAX_LABELS, field, "has " + match.size() + " labels; at most " + MAX_LABELS)) {
            return;
        }
        match.forEach((label, regex) -> {
            String at = field + "." + (label.length() <= 64 ? label : label.substring(0, 64) + "...");
            if (!v.check(LABEL.matcher(label).matches(), at, "is not a label name: [a-zA-Z_][a-zA-Z0-9_]*, at most 64 characters")
                    || !v.check(regex != null && regex.length() <= MAX_VALUE, at, "must be a regular expression of at most "
                    + MAX_VALUE + " characters")) {
                return;
            }
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                v.add(at, "is not a regular expression: " + e.getDescription());
            }
        });
    }

    private void checkQueries(Violations v, String field, Preset p) {
        v.check(p != Preset.CUSTOM || queries.containsKey(Figure.CPU.json()), field + "." + Figure.CPU.json(),
                "is required for the custom preset: PromQL giving the cores the target used, e.g. rate(process_cpu_seconds_total{job=\"app\"}[$__range])");
        if (!v.check(queries.size() <= Figure.values().length, field, "has " + queries.size() + " entries; at most "
                + Figure.values().length)) {
            return;
        }
        queries.forEach((name, query) -> {
            String at = field + "." + (name.length() <= 64 ? name : name.substring(0, 64) + "...");
            if (v.check(Figure.of(name) != null, at, "is not a figure: cpu, limit, throttled, wait or network")) {
                v.check(query != null && !query.isBlank() && query.length() <= MAX_QUERY, at,
                        "must be PromQL of 1 to " + MAX_QUERY + " characters");
            }
        });
    }

    /** As a reader without the token sees it: a Prometheus URL's userinfo and query values hidden. */
    public ResourceSpec redacted() {
        return url == null ? this : new ResourceSpec(source, UrlSecrets.redacted(url), preset, match, cpus, device, queries, timeout);
    }
}
