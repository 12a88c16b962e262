package io.loadlab.loadgen.distributed;

/**
 * The answer to {@code POST /agent/runs}: the agent's own id for its part.
 *
 * @param id           the run's id on the agent
 * @param startAtNanos when it will start, on its clock (as asked, unless that was already past)
 */
public record AgentRunStarted(String id, long startAtNanos) {
}
