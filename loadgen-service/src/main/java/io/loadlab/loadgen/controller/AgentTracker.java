package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentCallException;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentDelivery;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.distributed.PhaseTotals;
import io.loadlab.loadgen.engine.IntervalSample;

import java.util.ArrayList;
import java.util.List;

/**
 * What the controller knows of one agent during a run: its part, the intervals it has delivered, and whether it
 * finished, failed or went quiet. Only the controller's own thread polls it; {@link #delivery} and
 * {@link #measured} may be read from any thread.
 */
final class AgentTracker {

    /**
     * An agent that has not answered for this long is failed: three missed one-second polls. A process that died
     * refuses at once and is failed at the first poll past this; a stalled one times out its calls.
     */
    static final long STALL_NANOS = 3_000_000_000L;

    final AgentEndpoint endpoint;
    final String name;
    final ClockOffset offset;
    private final AgentClient client;
    /** Guarded by {@code this}. */
    private final List<IntervalSample> intervals = new ArrayList<>();
    private final PhaseTotals measured = new PhaseTotals();
    private String partId;
    private long next;
    private long lastAnswerNanos;
    private boolean complete;
    private double saturation;
    private long latenessNanos;
    private String failure;

    AgentTracker(AgentEndpoint endpoint, String name, ClockOffset offset, AgentClient client) {
        this.endpoint = endpoint;
        this.name = name;
        this.offset = offset;
        this.client = client;
    }

    synchronized void started(String partId, long nowNanos) {
        this.partId = partId;
        this.lastAnswerNanos = nowNanos;
    }

    synchronized boolean settled() {
        return complete || failure != null;
    }

    synchronized boolean failed() {
        return failure != null;
    }

    synchronized void fail(String why) {
        if (failure == null) {
            failure = why;
        }
    }

    /** Asks for the intervals after those already delivered; an agent quiet for {@link #STALL_NANOS} is failed. */
    void poll(long nowNanos) {
        String part;
        long from;
        synchronized (this) {
            if (partId == null || settled()) {
                return;
            }
            part = partId;
            from = next;
        }
        try {
            IntervalBatch batch = client.intervals(endpoint, part, from);
            accept(batch, nowNanos);
        } catch (AgentCallException e) {
            synchronized (this) {
                if (nowNanos - lastAnswerNanos > STALL_NANOS) {
                    fail("stopped answering: " + e.getMessage());
                }
            }
        } catch (IllegalArgumentException e) { // an interval the merge refuses: a broken or hostile agent
            fail("delivered an unreadable interval: " + e.getMessage());
        }
    }

    private synchronized void accept(IntervalBatch batch, long nowNanos) {
        lastAnswerNanos = nowNanos;
        for (IntervalSample s : batch.intervals()) {
            if (s.index() >= next) {
                measured.add(s.measured());
                intervals.add(s);
                next = s.index() + 1;
            }
        }
        if (batch.dropped() > 0) {
            fail("dropped " + batch.dropped() + " intervals before the controller read them");
        }
        if (batch.startLatenessNanos() != null) {
            latenessNanos = batch.startLatenessNanos();
        }
        saturation = Double.isFinite(batch.saturation()) ? Math.max(0, batch.saturation()) : 0;
        if ("failed".equals(batch.state())) {
            fail(batch.failure() == null ? "its part failed" : batch.failure());
        }
        complete = batch.complete();
    }

    /** Stops the part on the agent; an agent that cannot be reached has stopped or will by its lease. */
    void cancel() {
        String part;
        synchronized (this) {
            part = partId;
        }
        if (part != null) {
            try {
                client.cancel(endpoint, part);
            } catch (AgentCallException e) {
                // the lease stops it within leaseMillis; poll() names it failed if it stays quiet
            }
        }
    }

    synchronized AgentDelivery delivery() {
        return new AgentDelivery(name, endpoint.address(), intervals, complete && failure == null, saturation,
                latenessNanos, offset.errorNanos(), failure);
    }

    /** This agent's measured part so far, added into {@code into}. */
    synchronized void addMeasured(PhaseTotals into) {
        into.add(measured);
    }

    /** The agent's latest interval, or null before its first. */
    synchronized IntervalSample last() {
        return intervals.isEmpty() ? null : intervals.get(intervals.size() - 1);
    }
}
