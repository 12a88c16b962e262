package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.distributed.MergedReport;
import io.loadlab.loadgen.distributed.MixFigures;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The figures of a distributed run: every agent's measured part merged exactly (counters summed, histograms added;
 * no percentile is ever averaged) and one line per agent. The merged histogram itself is the run's, downloaded as
 * any run's ({@code GET /runs/{id}/histogram}).
 *
 * @param runKind           the kind of run the agents drove ({@code http})
 * @param requests          measured completed requests, summed over the agents
 * @param warmupRequests    warm-up completed requests, summed: with {@code requests}, what the target counted
 * @param durationSeconds   the spec's measured duration
 * @param requestsPerSecond {@code requests} over the longest measured time an agent delivered
 * @param requestedRate     the open model's rate over all agents, 0 for a closed model
 * @param errors            measured errors, summed
 * @param counts            every measured counter, summed
 * @param latencyMicros     percentiles of the merged histogram
 * @param histogramCount    values in the merged histogram: the sum of the agents' histograms' counts
 * @param agents            one line per agent, in the order they were given their parts
 * @param partial           true when an agent failed or did not deliver its last interval
 * @param failure           which agents failed and why, null when none did
 * @param mix               runs with a request mix only (absent otherwise): each name's figures merged exactly over
 *                          the agents (counts summed, histograms added); without a per-second series, as the totals
 * @param merged            the run's kind's own report of the whole run, from its merge of the parts
 *                          ({@code RunKind#beginMerge}: UDP's received counted by the reflector, read once around the
 *                          run); null (absent) for a kind whose merge is this report itself (http)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DistributedReport(String runKind, long requests, long warmupRequests, double durationSeconds,
                                double requestsPerSecond, double requestedRate, long errors, Map<Counter, Long> counts,
                                LatencySummary latencyMicros, long histogramCount, List<AgentSummary> agents,
                                boolean partial, String failure, MixFigures mix, RunReport merged) implements RunReport {

    /** A report without a request mix: what runs before it wrote. */
    public DistributedReport(String runKind, long requests, long warmupRequests, double durationSeconds,
                             double requestsPerSecond, double requestedRate, long errors, Map<Counter, Long> counts,
                             LatencySummary latencyMicros, long histogramCount, List<AgentSummary> agents,
                             boolean partial, String failure) {
        this(runKind, requests, warmupRequests, durationSeconds, requestsPerSecond, requestedRate, errors, counts,
                latencyMicros, histogramCount, agents, partial, failure, null, null);
    }

    /** A report without the kind's own merged report: what runs before it wrote. */
    public DistributedReport(String runKind, long requests, long warmupRequests, double durationSeconds,
                             double requestsPerSecond, double requestedRate, long errors, Map<Counter, Long> counts,
                             LatencySummary latencyMicros, long histogramCount, List<AgentSummary> agents,
                             boolean partial, String failure, MixFigures mix) {
        this(runKind, requests, warmupRequests, durationSeconds, requestsPerSecond, requestedRate, errors, counts,
                latencyMicros, histogramCount, agents, partial, failure, mix, null);
    }

    public DistributedReport {
        Objects.requireNonNull(runKind, "runKind");
        Objects.requireNonNull(latencyMicros, "latencyMicros");
        counts = Map.copyOf(counts);
        agents = List.copyOf(agents);
        mix = mix == null || mix.isEmpty() ? null : mix; // absent from the JSON, as a local run's empty mix
    }

    /**
     * @param failure the merge's failure: the agents' ({@code m.failure()}), or the kind's merge that threw
     * @param merged  the kind's own report of the whole run, null for none
     */
    static DistributedReport of(String runKind, double durationSeconds, double requestedRate, MergedReport m,
                                long histogramCount, String failure, RunReport merged) {
        return new DistributedReport(runKind, m.requests(), m.warmupRequests(), durationSeconds, m.requestsPerSecond(),
                requestedRate, m.errors(), m.counts(), m.latencyMicros(), histogramCount, m.agents(), m.partial(), failure,
                m.mix(), merged);
    }
}
