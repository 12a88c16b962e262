package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.run.MergedParts;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A distributed run's figures: the agents' measured parts merged exactly, and each agent's own line.
 *
 * @param requests          measured requests, summed over the agents
 * @param warmupRequests    warm-up requests, summed (with {@code requests}: what the target should have counted)
 * @param requestsPerSecond {@code requests} over the longest measured time an agent delivered
 * @param errors            measured errors, summed
 * @param counts            every measured counter, summed
 * @param latencyMicros     percentiles of the merged histogram
 * @param histogram         the merged measured latency histogram, HdrHistogram compressed base64, nanoseconds
 * @param agents            one line per agent, in the order the agents were given
 * @param partial           true when an agent failed or had not delivered its last interval: the figures are
 *                          what was delivered up to then
 * @param failure           which agents failed and why, null when none did
 * @param mix               a request mix's names merged over the agents ({@link MixMerge}), empty without a mix
 * @param warmupCounts      every warm-up counter, summed
 * @param measuredSeconds   the longest measured time an agent's intervals cover
 */
public record MergedReport(long requests, long warmupRequests, double requestsPerSecond, long errors,
                           Map<Counter, Long> counts, LatencySummary latencyMicros, String histogram,
                           List<AgentSummary> agents, boolean partial, String failure, MixFigures mix,
                           Map<Counter, Long> warmupCounts, double measuredSeconds) {

    public MergedReport {
        Objects.requireNonNull(latencyMicros, "latencyMicros");
        Objects.requireNonNull(histogram, "histogram");
        counts = Map.copyOf(counts);
        warmupCounts = Map.copyOf(warmupCounts);
        agents = List.copyOf(agents);
        mix = mix == null ? MixFigures.NONE : mix;
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("a distributed report needs at least one agent");
        }
        if (failure != null && !partial) {
            throw new IllegalArgumentException("a report naming a failure is partial");
        }
    }

    /** These figures as a kind's {@code PartsMerger} reads them: the histogram null when no agent recorded a value. */
    public MergedParts parts() {
        boolean empty = HistogramCodec.decode(histogram).getTotalCount() == 0;
        return new MergedParts(counts, warmupCounts, empty ? null : histogram, measuredSeconds, agents.size(), partial);
    }
}
