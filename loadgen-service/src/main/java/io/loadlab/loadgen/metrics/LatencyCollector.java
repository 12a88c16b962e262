package io.loadlab.loadgen.metrics;

import io.prometheus.client.Collector;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code loadgen_latency_seconds} as a Prometheus histogram ({@code _bucket{le}}, {@code _count}, {@code _sum}) per
 * run {@code kind}, besides this process's common tags, read from a {@link LatencyFeed} at each scrape. A collector of
 * its own rather than a Micrometer timer: a timer is fed a value at a time (100,000 calls a second at 100,000
 * requests/s), this one a second's HdrHistogram at a time. The family is announced (HELP and TYPE) before any run.
 */
final class LatencyCollector extends Collector {

    static final String NAME = "loadgen_latency_seconds";
    static final String HELP = "Measured latency of this process's runs (warm-up excluded, from the intended send time "
            + "in the open model), by run kind; buckets add up across loadgens";

    private final LatencyFeed feed;
    private final List<String> names;
    private final List<String> values;

    /** @param common the labels every series carries (application, cores, agent), in order */
    LatencyCollector(LatencyFeed feed, Map<String, String> common) {
        this.feed = feed;
        this.names = List.copyOf(common.keySet());
        this.values = List.copyOf(common.values());
    }

    @Override
    public List<MetricFamilySamples> collect() {
        List<MetricFamilySamples.Sample> samples = new ArrayList<>();
        feed.read().forEach((kind, s) -> {
            List<String> labelNames = with(names, "kind");
            List<String> labelValues = with(values, kind);
            List<String> bucketNames = with(labelNames, "le");
            long[] cumulative = s.cumulative();
            for (int i = 0; i < cumulative.length; i++) {
                String le = i < LatencyBuckets.BOUNDS_SECONDS.length
                        ? doubleToGoString(LatencyBuckets.BOUNDS_SECONDS[i]) : "+Inf";
                samples.add(new MetricFamilySamples.Sample(NAME + "_bucket", bucketNames, with(labelValues, le), cumulative[i]));
            }
            samples.add(new MetricFamilySamples.Sample(NAME + "_count", labelNames, labelValues, s.count()));
            samples.add(new MetricFamilySamples.Sample(NAME + "_sum", labelNames, labelValues, s.sumSeconds()));
        });
        return List.of(new MetricFamilySamples(NAME, Type.HISTOGRAM, HELP, samples));
    }

    private static List<String> with(List<String> list, String one) {
        List<String> out = new ArrayList<>(list);
        out.add(one);
        return out;
    }
}
