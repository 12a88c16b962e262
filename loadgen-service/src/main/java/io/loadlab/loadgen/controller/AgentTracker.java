package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentCallException;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentDelivery;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.AgentText;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.IntervalBatch;
import io.loadlab.loadgen.distributed.IntervalBounds;
import io.loadlab.loadgen.distributed.MixFigures;
import io.loadlab.loadgen.distributed.PartTally;
import io.loadlab.loadgen.distributed.PhaseTotals;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.RunReport;

import java.util.ArrayList;
import java.util.List;

/**
 * What the controller knows of one agent during a run: its part, the intervals it has delivered, and whether it
 * finished, failed or went quiet. Only the agent's own {@link AgentPoller} polls it; the rest may be read and
 * {@link #requestStop() stopped} from any thread. Everything the agent sends is checked before it is kept
 * ({@link IntervalBounds}, {@link PartTally}, {@link AgentText}): an agent that lies fails, alone, and never the
 * controller. One whose counts disagree with its own histograms or its schedule keeps none of its figures: an
 * inflated count shows only one interval later, so the intervals it delivered before are no more trusted.
 */
final class AgentTracker {

    /**
     * An agent that has not answered for this long since it was first polled is failed: three missed one-second
     * polls. A process that died refuses at once and is failed at the first poll past this; a stalled one times out
     * its calls (each call has the same 3 s on the whole exchange). A call the controller cut itself (a stop's
     * interrupt) is no silence of the agent's: counted as one, with the quiet counted from its start answer while
     * another agent's start call stalled 3 s, it failed the healthy agent with 0 requests where it had measured 192
     * (issue 42).
     */
    static final long STALL_NANOS = 3_000_000_000L;
    /**
     * A part that ended by itself is failed when its last interval ends this much before the part's end: an
     * interval closes a little after its second, never a second early.
     */
    static final long EARLY_END_NANOS = 1_000_000_000L;
    /** How far from the start it was given an agent may say it started: past a minute it is not a lateness. */
    static final long MAX_LATENESS_NANOS = 60_000_000_000L;

    final AgentEndpoint endpoint;
    final String name;
    final ClockOffset offset;
    private final AgentClient client;
    private final NanoClock clock;
    private final long runNanos;
    private final IntervalBounds bounds;
    private final PartTally tally;
    /** The part's kind's report, when the controller asks for the part's own report; null when it does not. */
    private final Class<? extends RunReport> reportType;
    /** Guarded by {@code this}. */
    private final List<IntervalSample> intervals = new ArrayList<>();
    private PhaseTotals measured = new PhaseTotals();
    private String partId;
    private long next;
    private long lastAnswerNanos;
    private boolean complete;
    /** The part's request mix, from its last batch; empty until then or without a mix. */
    private MixFigures mix = MixFigures.NONE;
    /** The part's own report, of its kind, from its last batch; null until then, or when none came. */
    private RunReport report;
    private double saturation;
    private long latenessNanos;
    private String failure;
    /** The controller asked this part to stop: an end by cancel is then its doing, not the agent's. */
    private boolean stopRequested;
    private int cancelsTried;
    private boolean cancelSent;

    /**
     * @param runNanos     the part's warm-up plus duration
     * @param overrunNanos how long past its end the controller waits for its last interval
     * @param partRate     the part's open-model rate, requests a second, 0 for a closed model: bounds what it sends
     * @param reportType   the part's kind's report, to ask the agent for its part's own report and check it is
     *                     one; null to ask for none (a kind that merges nothing of its own)
     */
    AgentTracker(AgentEndpoint endpoint, String name, ClockOffset offset, AgentClient client, NanoClock clock,
                 long runNanos, long overrunNanos, double partRate, Class<? extends RunReport> reportType) {
        this.endpoint = endpoint;
        this.name = name;
        this.offset = offset;
        this.client = client;
        this.clock = clock;
        this.runNanos = runNanos;
        this.bounds = new IntervalBounds(runNanos, overrunNanos);
        this.tally = new PartTally(partRate);
        this.reportType = reportType;
    }

    synchronized void started(String partId, long nowNanos) {
        this.partId = partId;
        this.lastAnswerNanos = nowNanos;
    }

    /**
     * Its poller begins: the quiet that fails it counts from here at the earliest. The pollers start once every
     * agent has been given its part, which may be a stalled start call (3 s) after this one answered its own.
     */
    synchronized void pollingFrom(long nowNanos) {
        lastAnswerNanos = Math.max(lastAnswerNanos, nowNanos);
    }

    synchronized boolean settled() {
        return complete || failure != null;
    }

    synchronized boolean failed() {
        return failure != null;
    }

    synchronized void fail(String why) {
        if (failure == null) {
            failure = AgentText.failure(why);
        }
    }

    synchronized void requestStop() {
        stopRequested = true;
    }

    synchronized boolean stopRequested() {
        return stopRequested;
    }

    /** Asks for the intervals after those already delivered; an agent quiet for {@link #STALL_NANOS} is failed. */
    void poll() {
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
            IntervalBatch batch = client.intervals(endpoint, part, from, reportType != null);
            accept(batch, clock.nanoTime());
        } catch (AgentCallException e) {
            if (e.interrupted()) {
                return; // a stop cut this call, not the agent: its poller clears the interrupt and asks again
            }
            synchronized (this) {
                if (clock.nanoTime() - lastAnswerNanos > STALL_NANOS) {
                    fail("stopped answering: " + e.getMessage());
                }
            }
        } catch (IllegalArgumentException e) { // an interval the merge refuses: a broken or hostile agent
            fail("delivered an unreadable interval: " + e.getMessage());
        }
    }

    private synchronized void accept(IntervalBatch batch, long nowNanos) {
        lastAnswerNanos = nowNanos;
        long previousEnd = intervals.isEmpty() ? -1 : intervals.get(intervals.size() - 1).endNanos();
        for (IntervalSample s : batch.intervals()) {
            if (s.index() < next) {
                continue; // delivered before
            }
            String implausible = bounds.problem(s, previousEnd);
            if (implausible != null) {
                fail("reported an implausible interval: " + implausible);
                return;
            }
            String disagreement = tally.add(s);
            if (disagreement != null) {
                distrust(disagreement);
                return;
            }
            measured.add(s.measured());
            intervals.add(s);
            next = s.index() + 1;
            previousEnd = s.endNanos();
        }
        if (batch.dropped() != 0) {
            fail("dropped " + batch.dropped() + " intervals before the controller read them");
        }
        if (batch.startLatenessNanos() != null) {
            if (Math.abs(batch.startLatenessNanos()) > MAX_LATENESS_NANOS) {
                fail("reported a start lateness of " + batch.startLatenessNanos() + " ns");
            } else {
                latenessNanos = batch.startLatenessNanos();
            }
        }
        saturation = Double.isFinite(batch.saturation()) ? Math.min(1, Math.max(0, batch.saturation())) : 0;
        if ("failed".equals(batch.state())) {
            fail(batch.failure() == null ? "its part failed" : "its part failed: " + batch.failure());
        } else if ("cancelled".equals(batch.state()) && !stopRequested) {
            fail("its part was cancelled on the agent, not by the controller (its lease expired?)");
        }
        complete = batch.complete();
        if (complete) {
            mix = MixFigures.delivered(batch); // an unreadable one fails this agent, as an unreadable interval does
            keep(batch.report());
            String disagreement = tally.endProblem();
            if (disagreement != null) {
                distrust("its last interval: " + disagreement);
                return;
            }
        }
        if (complete && !stopRequested && failure == null && previousEnd < runNanos - EARLY_END_NANOS) {
            fail("its part ended after " + Math.max(0, previousEnd) / 1_000_000 + " ms of " + runNanos / 1_000_000
                    + " ms");
        }
    }

    /**
     * Fails this agent for counts its own histograms or schedule contradict, and drops every figure it delivered:
     * the others' stay, and the report, partial, names the figure that disagreed.
     */
    private void distrust(String disagreement) {
        fail("reported counts its own figures contradict, none of its figures kept: " + disagreement);
        intervals.clear();
        measured = new PhaseTotals();
        mix = MixFigures.NONE;
        report = null;
    }

    /** A report of another kind than the part's is a lie, and fails this agent alone; none is kept as none. */
    private void keep(RunReport delivered) {
        if (delivered == null || reportType == null) {
            return;
        }
        if (!reportType.isInstance(delivered)) {
            fail("delivered a report of another kind (" + delivered.getClass().getSimpleName() + ") than its part's");
            return;
        }
        report = delivered;
    }

    /** The part's own report, checked to be of its kind; null when the agent delivered none. */
    synchronized RunReport report() {
        return report;
    }

    /**
     * Stops the part on the agent, once; a call cut by an interrupt is tried once more. An agent that cannot be
     * reached has stopped or will by its lease.
     */
    void cancel() {
        String part;
        synchronized (this) {
            if (partId == null || cancelSent || cancelsTried >= 2) {
                return;
            }
            cancelsTried++;
            part = partId;
        }
        try {
            client.cancel(endpoint, part);
            synchronized (this) {
                cancelSent = true;
            }
        } catch (AgentCallException e) {
            // the lease stops it within leaseMillis; poll() names it failed if it stays quiet
        }
    }

    /** True when its part ended as asked: delivered to its end, or stopped by the controller. */
    synchronized boolean endedWell() {
        return complete && failure == null;
    }

    synchronized AgentDelivery delivery() {
        return new AgentDelivery(name, endpoint.address(), intervals, complete && failure == null, saturation,
                latenessNanos, offset.errorNanos(), failure, mix);
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
