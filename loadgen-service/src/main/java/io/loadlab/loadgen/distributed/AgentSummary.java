package io.loadlab.loadgen.distributed;

import java.util.Objects;

/**
 * One agent's line in a distributed report: what it delivered to the controller, its own figures (never part of
 * a merged percentile), how busy it was and how far from the agreed instant it started.
 *
 * @param name              the agent's own name (its pod's, in Kubernetes)
 * @param address           host:port the controller called
 * @param requests          measured requests it completed
 * @param requestsPerSecond {@code requests} over the measured time it delivered
 * @param errors            measured errors (connect, timeout, read/write, 3xx, 4xx, 5xx)
 * @param latencyMicros     its own p50, p99 and max
 * @param saturation        its generator's busiest figure, 0..1 (the loadgen-bound verdict's measure); the
 *                          experiment's verdict uses the busiest agent
 * @param startSkewMicros   at most this far from the agreed start (its lateness in starting plus the clock
 *                          estimate's error bound)
 * @param failure           why it failed, null when it did not
 */
public record AgentSummary(String name, String address, long requests, double requestsPerSecond, long errors,
                           LatencyMicros latencyMicros, double saturation, double startSkewMicros, String failure) {

    public AgentSummary {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(latencyMicros, "latencyMicros");
        if (requests < 0 || errors < 0 || !(requestsPerSecond >= 0) || !Double.isFinite(requestsPerSecond)) {
            throw new IllegalArgumentException("agent " + name + ": requests, errors and requestsPerSecond must be >= 0");
        }
        if (!(saturation >= 0) || !Double.isFinite(saturation)) {
            throw new IllegalArgumentException("agent " + name + ": saturation must be finite and >= 0, was " + saturation);
        }
        if (!(startSkewMicros >= 0) || !Double.isFinite(startSkewMicros)) {
            throw new IllegalArgumentException("agent " + name + ": startSkewMicros must be >= 0, was " + startSkewMicros);
        }
    }
}
