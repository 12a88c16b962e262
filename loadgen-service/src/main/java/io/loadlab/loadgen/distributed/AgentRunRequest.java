package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Objects;

/**
 * {@code POST /agent/runs}: one agent's part of a distributed run.
 *
 * @param controllerRunId the controller's run, for the agent's logs and its meters' {@code agent} context
 * @param spec            this agent's part of the spec, an ordinary local spec (cut by its kind: {@code RunKind#parts})
 * @param startAtNanos    when to start, on the agent's own monotonic clock ({@link ClockOffset#toAgent})
 * @param leaseMillis     stop the run if the controller has not called for this long ({@link AgentLease})
 */
public record AgentRunRequest(String controllerRunId, ObjectNode spec, long startAtNanos, long leaseMillis) {

    public AgentRunRequest {
        Objects.requireNonNull(controllerRunId, "controllerRunId");
        Objects.requireNonNull(spec, "spec");
        if (leaseMillis < 1) {
            throw new IllegalArgumentException("leaseMillis must be at least 1, was " + leaseMillis);
        }
    }
}
