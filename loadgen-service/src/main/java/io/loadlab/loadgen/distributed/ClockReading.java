package io.loadlab.loadgen.distributed;

/**
 * {@code GET /agent/clock}: the agent's monotonic clock when the request arrived and when the answer left, the
 * t1 and t2 of an NTP exchange.
 */
public record ClockReading(long receivedNanos, long repliedNanos) {
}
