package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Histograms;
import io.loadlab.loadgen.http.HttpErrors;
import io.loadlab.loadgen.http.RequestReport;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A request mix's figures merged over agents, name by name, as the totals are: counts summed, latency histograms
 * (each agent's {@code latencyHistogram}) added bucket for bucket, so no percentile is averaged. Each agent's mix
 * comes with its last interval batch, from its part's own report. The merged names have no per-second series: the
 * merged totals have none either (a point's percentiles cannot be added), and an empty series says so rather than
 * invent one. Names keep the order they first appear in, agent by agent.
 */
public final class MixMerge {

    private MixMerge() {
    }

    /**
     * Checks one agent's mix before it is kept: at most {@link RequestSpec#MAX_NAMES} names, each once, each
     * histogram a readable one within the engine's range.
     *
     * @throws IllegalArgumentException naming what is wrong, so the caller can fail that agent
     */
    public static void check(List<RequestReport> mix) {
        if (mix.size() > RequestSpec.MAX_NAMES) {
            throw new IllegalArgumentException(mix.size() + " request names, above " + RequestSpec.MAX_NAMES);
        }
        Set<String> names = new HashSet<>();
        for (RequestReport r : mix) {
            if (r.name() == null || !names.add(r.name())) {
                throw new IllegalArgumentException("request name " + r.name() + " missing or twice");
            }
            if (r.requests() < 0 || r.sent() < 0 || r.warmupRequests() < 0 || r.bytesSent() < 0 || r.bytesReceived() < 0) {
                throw new IllegalArgumentException("request " + r.name() + " has a negative count");
            }
            histogram(r);
        }
    }

    /**
     * @param byAgent        each agent's mix, checked by {@link #check}
     * @param longestSeconds the longest measured time an agent delivered: requests per second over it, as the totals
     */
    public static List<RequestReport> merge(List<List<RequestReport>> byAgent, double longestSeconds) {
        Map<String, Sum> sums = new LinkedHashMap<>();
        for (List<RequestReport> mix : byAgent) {
            for (RequestReport r : mix) {
                sums.computeIfAbsent(r.name(), n -> new Sum(r.weight())).add(r);
            }
        }
        List<RequestReport> merged = new ArrayList<>(sums.size());
        sums.forEach((name, s) -> merged.add(s.report(name, longestSeconds)));
        return merged;
    }

    private static Histogram histogram(RequestReport r) {
        Histogram h = Histograms.newHistogram();
        if (r.latencyHistogram() != null) {
            Histogram agent = HistogramCodec.decodeBounded(r.latencyHistogram(), Histograms.HIGHEST_NANOS,
                    Histograms.SIGNIFICANT_DIGITS);
            if (agent.getTotalCount() > 0 && agent.getMaxValue() > Histograms.HIGHEST_NANOS) {
                throw new IllegalArgumentException("request " + r.name() + "'s histogram holds " + agent.getMaxValue()
                        + " ns, beyond the engine's highest");
            }
            h.add(agent);
        }
        return h;
    }

    /** One name's sums. */
    private static final class Sum {
        private final int weight;
        private final long[] counts = new long[5];
        private final long[] errors = new long[9];
        private final Histogram latency = Histograms.newHistogram();

        Sum(int weight) {
            this.weight = weight;
        }

        void add(RequestReport r) {
            long[] c = {r.requests(), r.sent(), r.warmupRequests(), r.bytesReceived(), r.bytesSent()};
            for (int i = 0; i < c.length; i++) {
                counts[i] = PhaseTotals.plus(counts[i], c[i]);
            }
            HttpErrors e = r.errors();
            long[] byCause = {e.connect(), e.timeout(), e.readWrite(), e.status3xx(), e.status4xx(), e.status5xx(),
                    e.tls(), e.reset(), e.goaway()};
            for (int i = 0; i < byCause.length; i++) {
                errors[i] = PhaseTotals.plus(errors[i], byCause[i]);
            }
            latency.add(histogram(r));
        }

        RequestReport report(String name, double longestSeconds) {
            HttpErrors e = new HttpErrors(errors[0], errors[1], errors[2], errors[3], errors[4], errors[5], errors[6],
                    errors[7], errors[8]);
            return new RequestReport(name, weight, counts[0], longestSeconds > 0 ? counts[0] / longestSeconds : 0,
                    counts[1], counts[2], counts[3], counts[4], e, LatencySummary.ofNanos(latency),
                    latency.getTotalCount() == 0 ? null : HistogramCodec.encode(latency), RunSeries.EMPTY);
        }
    }
}
