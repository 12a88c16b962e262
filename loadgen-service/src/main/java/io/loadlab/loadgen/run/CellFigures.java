package io.loadlab.loadgen.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.loadlab.loadgen.report.LatencySummary;

/**
 * What an experiment reads from a finished run of any kind that can drive a cell: enough to weigh the load it
 * drove against the link and the schedule. Units as in the reports.
 *
 * @param durationSeconds   the measured part
 * @param bytesReceived     over the measured part: what the run moved over the link in the direction it loads
 *                          (received for http and iperf's down direction; sent for a UDP throughput run, which
 *                          only sends)
 * @param requestsPerSecond answered per second of the measured part
 * @param latencyMicros     null when nothing was measured
 * @param errors            errors of every kind
 * @param attempts          requests that were answered or failed
 * @param requestedRate     per second, 0 for a closed model
 * @param achievedRate      sent per second of the measured part
 * @param generators        load generator processes that drove the run: 1 for a local run, the agents for a
 *                          distributed one
 * @param generatorSaturation for a run on agents, the busiest agent's saturation (0..1), which stands for the
 *                          loadgen's own CPU in the cell's verdict; null for a local run (the loadgen measures itself)
 * @param protocol          what the run spoke and what TLS and HTTP/2 cost; null for a kind that gives none
 * @param requestsByName    a request mix's measured requests by name, in the mix's order; null for a run without one
 */
public record CellFigures(double durationSeconds, long bytesReceived, double requestsPerSecond,
                          LatencySummary latencyMicros, long errors, long attempts, double requestedRate,
                          double achievedRate, int generators, Double generatorSaturation, ProtocolFigures protocol,
                          Map<String, Long> requestsByName) {

    public CellFigures {
        requestsByName = requestsByName == null || requestsByName.isEmpty() ? null
                : Collections.unmodifiableMap(new LinkedHashMap<>(requestsByName));
    }

    /** Figures of a run without a request mix. */
    public CellFigures(double durationSeconds, long bytesReceived, double requestsPerSecond,
                       LatencySummary latencyMicros, long errors, long attempts, double requestedRate,
                       double achievedRate, int generators, Double generatorSaturation, ProtocolFigures protocol) {
        this(durationSeconds, bytesReceived, requestsPerSecond, latencyMicros, errors, attempts, requestedRate,
                achievedRate, generators, generatorSaturation, protocol, null);
    }

    /** These figures as a run on {@code agents} agents whose busiest was at {@code saturation} (a merged report's). */
    public CellFigures onAgents(int agents, Double saturation) {
        return new CellFigures(durationSeconds, bytesReceived, requestsPerSecond, latencyMicros, errors, attempts,
                requestedRate, achievedRate, agents, saturation, protocol, requestsByName);
    }

    /** These figures with a mix's requests by name. */
    public CellFigures withRequestsByName(Map<String, Long> byName) {
        return new CellFigures(durationSeconds, bytesReceived, requestsPerSecond, latencyMicros, errors, attempts,
                requestedRate, achievedRate, generators, generatorSaturation, protocol, byName);
    }

    /** Figures without the protocol's: a kind that speaks no HTTP, or a run on agents. */
    public CellFigures(double durationSeconds, long bytesReceived, double requestsPerSecond,
                       LatencySummary latencyMicros, long errors, long attempts, double requestedRate,
                       double achievedRate, int generators, Double generatorSaturation) {
        this(durationSeconds, bytesReceived, requestsPerSecond, latencyMicros, errors, attempts, requestedRate,
                achievedRate, generators, generatorSaturation, null);
    }

    /** A local run's figures: one generator, the loadgen itself. */
    public CellFigures(double durationSeconds, long bytesReceived, double requestsPerSecond,
                       LatencySummary latencyMicros, long errors, long attempts, double requestedRate,
                       double achievedRate) {
        this(durationSeconds, bytesReceived, requestsPerSecond, latencyMicros, errors, attempts, requestedRate,
                achievedRate, 1, null);
    }
}
