package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.report.LatencySummary;

import java.util.Locale;

/**
 * A distributed report as text: wrk's summary lines for the merged run (its latency distribution read from the
 * merged histogram), then one line per agent with its own figures, then the failure if any. Latencies in
 * microseconds with their unit, as measured, rather than wrk's rounded units: the agents' lines are compared
 * against each other.
 */
final class DistributedTextReport {

    private DistributedTextReport() {
    }

    static String render(DistributedRunSpec spec, DistributedReport r) {
        StringBuilder out = new StringBuilder();
        LatencySummary lat = r.latencyMicros();
        out.append(String.format(Locale.ROOT, "Running %ds test @ %s%n", spec.duration().toSeconds(), spec.target()));
        out.append(String.format(Locale.ROOT, "  %d agents, histograms merged exactly%n", r.agents().size()));
        out.append("  Latency Distribution\n");
        double[] ps = {50, 75, 90, 99, 99.9};
        double[] vs = {lat.p50(), lat.p75(), lat.p90(), lat.p99(), lat.p999()};
        for (int i = 0; i < ps.length; i++) {
            out.append(String.format(Locale.ROOT, "%7s%% %12.2fus%n", trim(ps[i]), vs[i]));
        }
        out.append(String.format(Locale.ROOT, "  %d requests in %.2fs, %d errors%n", r.requests(), r.durationSeconds(),
                r.errors()));
        out.append(String.format(Locale.ROOT, "Requests/sec: %9.2f%n", r.requestsPerSecond()));
        agentLines(out, r);
        return out.toString();
    }

    /** {@code merged}, the run's kind's own text of its merged report, followed by the agents' lines. */
    static String agents(String merged, DistributedReport r) {
        StringBuilder out = new StringBuilder(merged);
        if (!merged.isEmpty() && !merged.endsWith("\n")) {
            out.append('\n');
        }
        out.append(String.format(Locale.ROOT, "  %d agents, histograms merged exactly%n", r.agents().size()));
        agentLines(out, r);
        return out.toString();
    }

    private static void agentLines(StringBuilder out, DistributedReport r) {
        out.append(String.format(Locale.ROOT, "  %-24s %-22s %10s %12s %8s %12s %12s %12s %10s%n", "Agent", "Address",
                "Requests", "Req/Sec", "Errors", "p50", "p99", "Max", "Skew"));
        for (AgentSummary a : r.agents()) {
            out.append(String.format(Locale.ROOT, "  %-24s %-22s %10d %12.2f %8d %10.2fus %10.2fus %10.2fus %8.0fus%n",
                    a.name(), a.address(), a.requests(), a.requestsPerSecond(), a.errors(), a.latencyMicros().p50(),
                    a.latencyMicros().p99(), a.latencyMicros().max(), a.startSkewMicros()));
        }
        if (r.partial()) {
            out.append("Partial: ").append(r.failure() == null ? "an agent did not deliver its last interval" : r.failure())
                    .append('\n');
        } else if (r.failure() != null) {
            out.append("Failed: ").append(r.failure()).append('\n');
        }
    }

    private static String trim(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }
}
