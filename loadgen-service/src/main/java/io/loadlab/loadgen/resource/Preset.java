package io.loadlab.loadgen.resource;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The PromQL a {@code prometheus} source runs for each {@link Figure}, by where the series come from. In every
 * template {@value #MATCH} is replaced by the spec's {@code match} as label matchers ({@code ,namespace=~"shop"}:
 * each with its leading comma, so a template's own matchers come first), {@value #CPUS} by the node preset's cores
 * as a regular expression ({@code 1|2|3}), {@value #DEVICE} by its network device, and {@link ResourceSpec#RANGE}
 * by the cell's measured length ({@code 3000ms}). Each query is evaluated once, at the end of the measured part,
 * so {@code rate(x[$__range])} is the mean over the part: Prometheus divides the counter's increase between the
 * first and last sample inside it by their distance, extrapolated to the edges. A figure with several templates
 * takes the first that returns a series. A figure with none here is one the preset cannot give; it is null with
 * that reason, never 0. The Grafana node-size dashboard's panels read the same series.
 */
public enum Preset {

    /**
     * The kubelet's {@code /metrics/cadvisor}. One container: {@code container!=""} leaves out the pod-level cgroup
     * and containerd's sandbox, {@code container!="POD"} dockershim's. Network counters exist only on the pod's
     * sandbox ({@code container=""}), so the network query matches namespace and pod alone ({@value #POD_MATCH}).
     * No {@code cpu} label: cAdvisor dropped {@code cpu="total"} after cgroup v1.
     */
    CADVISOR(Map.of(
            Figure.CPU, List.of("rate(container_cpu_usage_seconds_total{container!=\"\",container!=\"POD\"" + Preset.MATCH + "}[$__range])"),
            Figure.LIMIT, List.of("container_spec_cpu_quota{container!=\"\",container!=\"POD\"" + Preset.MATCH
                    + "} / container_spec_cpu_period{container!=\"\",container!=\"POD\"" + Preset.MATCH + "}"),
            Figure.THROTTLED, List.of("rate(container_cpu_cfs_throttled_periods_total{container!=\"\",container!=\"POD\"" + Preset.MATCH
                    + "}[$__range]) / rate(container_cpu_cfs_periods_total{container!=\"\",container!=\"POD\"" + Preset.MATCH + "}[$__range])"),
            Figure.WAIT, List.of("rate(container_pressure_cpu_waiting_seconds_total{container!=\"\",container!=\"POD\"" + Preset.MATCH + "}[$__range])"),
            Figure.NETWORK, List.of("sum by (namespace, pod) (rate(container_network_transmit_bytes_total{" + Preset.POD_MATCH + "}[$__range]))"))),

    /**
     * node-exporter on the target's node, for a target pinned to {@code cpus}: the CPU those cores spent outside
     * idle and iowait (everything on them, so a neighbour pinned there counts too: the wait says so), their run
     * queues' wait from schedstat (else the node's PSI, machine-wide), and one device's transmitted bytes. No cgroup
     * figures: node-exporter has no quota. Summed by job and instance, not instance alone: two jobs scraping one
     * exporter (a ServiceMonitor beside an annotation scrape) would otherwise merge into one series with twice the
     * CPU (measured: 2.00 cores on a one-core pin), where the one-series check must see two and refuse the match.
     */
    NODE(Map.of(
            Figure.CPU, List.of("sum by (job, instance) (rate(node_cpu_seconds_total{mode!~\"idle|iowait\",cpu=~\"" + Preset.CPUS + "\"" + Preset.MATCH + "}[$__range]))"),
            Figure.WAIT, List.of("sum by (job, instance) (rate(node_schedstat_waiting_seconds_total{cpu=~\"" + Preset.CPUS + "\"" + Preset.MATCH + "}[$__range]))",
                    "rate(node_pressure_cpu_waiting_seconds_total{job!=\"\"" + Preset.MATCH + "}[$__range])"),
            Figure.NETWORK, List.of("sum by (job, instance) (rate(node_network_transmit_bytes_total{device=\"" + Preset.DEVICE + "\"" + Preset.MATCH + "}[$__range]))"))),

    /**
     * Any Prometheus-instrumented service: the client libraries' {@code process_cpu_seconds_total}, else Micrometer's
     * exact counter {@code process_cpu_time_ns_total} (Micrometer 1.13 on), else its {@code process_cpu_usage} (a
     * share of the machine, sampled at each scrape) times {@code system_cpu_count}.
     */
    PROCESS(Map.of(
            Figure.CPU, List.of("rate(process_cpu_seconds_total{job!=\"\"" + Preset.MATCH + "}[$__range])",
                    "rate(process_cpu_time_ns_total{job!=\"\"" + Preset.MATCH + "}[$__range]) / 1e9",
                    "avg_over_time(process_cpu_usage{job!=\"\"" + Preset.MATCH + "}[$__range]) * avg_over_time(system_cpu_count{job!=\"\""
                            + Preset.MATCH + "}[$__range])"))),

    /** The user's own queries, {@code resources.queries}; {@code cpu} is required. */
    CUSTOM(Map.of());

    public static final String MATCH = "${match}";
    /** The match without any {@code container} matcher, for series that exist per pod only. */
    public static final String POD_MATCH = "${podMatch}";
    public static final String CPUS = "${cpus}";
    public static final String DEVICE = "${device}";

    private final Map<Figure, List<String>> templates;

    Preset(Map<Figure, List<String>> templates) {
        this.templates = templates.isEmpty() ? Map.of() : new EnumMap<>(templates);
    }

    /** The templates for {@code figure}, first choice first; empty when this preset cannot give it. */
    public List<String> templates(Figure figure) {
        return templates.getOrDefault(figure, List.of());
    }

    /** The JSON name: {@code cadvisor}, {@code node}, {@code process}, {@code custom}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
