package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.run.ReportTable;
import io.loadlab.loadgen.run.ReportTable.Row;

import java.util.List;

/**
 * A distributed report's agents as the run page's table: one row per agent, in the order they were given their parts,
 * each with its own figures as the report writes them (its own percentiles, never part of the merged ones).
 */
final class AgentsTable {

    static final List<String> COLUMNS = List.of("name", "address", "requests", "requestsPerSecond", "errors", "p50Micros",
            "p99Micros", "maxMicros", "saturation", "startSkewMicros", "failure");

    private AgentsTable() {
    }

    static ReportTable of(List<AgentSummary> agents) {
        return new ReportTable("agents", "Agents: each one's own figures (the merged ones above are never an average "
                + "of these); saturation is its generator's busiest figure, start skew its distance from the agreed start",
                COLUMNS, agents.stream().map(a -> Row.of(a.name(), a.address(), a.requests(), a.requestsPerSecond(),
                        a.errors(), a.latencyMicros().p50(), a.latencyMicros().p99(), a.latencyMicros().max(),
                        a.saturation(), a.startSkewMicros(), a.failure())).toList());
    }
}
