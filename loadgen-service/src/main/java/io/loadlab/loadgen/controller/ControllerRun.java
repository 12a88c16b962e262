package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.distributed.AgentCallException;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.distributed.AgentInfo;
import io.loadlab.loadgen.distributed.AgentRunRequest;
import io.loadlab.loadgen.distributed.AgentRunStarted;
import io.loadlab.loadgen.distributed.AgentText;
import io.loadlab.loadgen.distributed.ClockOffset;
import io.loadlab.loadgen.distributed.MergedReport;
import io.loadlab.loadgen.distributed.MergedReportBuilder;
import io.loadlab.loadgen.distributed.PhaseTotals;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * One distributed run, driven from a thread of its own (every call to an agent blocks, bounded on the whole exchange
 * by the client's timeout): checks every agent before any is given a part, splits the run, starts the parts at one
 * instant, then polls each agent from its own {@link AgentPoller} and merges what they delivered. This thread only
 * watches: it stops every part when one fails or the user cancels, and fails the agents still unsettled at the
 * deadline. Nothing an agent delivered is dropped: a failed agent, a cancel or a controller deadline all end in the
 * same merge of what arrived, marked partial when it is.
 */
final class ControllerRun implements LoadRun {

    private static final Logger LOG = Logger.getLogger(ControllerRun.class);
    /** NTP-style exchanges per agent; the best round trip is kept (8 on loopback gave a bound of 40-90 µs). */
    static final int CLOCK_SAMPLES = 8;
    /** The agreed start is this far ahead of the last clock estimate, plus {@link #LEAD_PER_AGENT} per agent. */
    static final long START_LEAD_NANOS = 1_000_000_000L;
    static final long LEAD_PER_AGENT_NANOS = 50_000_000L;
    /**
     * An agent refusing its part this close to the agreed start (or past it) fails alone: the parts already given may
     * be measuring by the time their cancels arrive, and what they measured is kept. Under load a start call took
     * the whole lead once (DistributedRunsIT at load 15: the run failed with no report while two agents had sent).
     */
    static final long STARTED_MARGIN_NANOS = 500_000_000L;
    /** An agent's part stops itself when its controller has not called for this long (5 polls missed). */
    static final long LEASE_MILLIS = 5_000;
    static final long POLL_NANOS = 1_000_000_000L;
    /** Past the expected end, agents are polled this often, so the run ends soon after its last interval. */
    static final long FINAL_POLL_NANOS = 200_000_000L;
    /** After a cancel or a failure, the other agents get this long to deliver their last interval. */
    static final long DRAIN_NANOS = 5_000_000_000L;
    /** An agent not done this long after the run's expected end is failed: its intervals stopped coming. */
    static final long OVERRUN_NANOS = 15_000_000_000L;

    private final DistributedRunSpec spec;
    private final List<AgentEndpoint> endpoints;
    private final AgentClient client;
    private final ObjectMapper json;
    private final NanoClock clock;
    private final String version;
    private final RunKind<?, ?> kind;
    /** The open model's rate over all agents, 0 for a closed model: the user's spec as its kind reads it. */
    private final double requestedRate;
    private final String controllerRunId = UUID.randomUUID().toString();
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    /** Guarded by {@code this}. */
    private final List<AgentTracker> agents = new ArrayList<>();
    private final List<Thread> pollers = new ArrayList<>();
    private boolean cancelled;
    private long startAtNanos = Long.MAX_VALUE;
    /** The kind's merge of this run, begun once the agents are checked and before any part starts. */
    private PartsMerger merger = PartsMerger.NONE;

    /** @param kind the kind of the run spread ({@code spec.run()}), which cuts it into the agents' parts */
    ControllerRun(DistributedRunSpec spec, RunKind<?, ?> kind, List<AgentEndpoint> endpoints, AgentClient client,
                  ObjectMapper json, NanoClock clock, String version) {
        this.spec = spec;
        this.kind = kind;
        this.endpoints = List.copyOf(endpoints);
        this.client = client;
        this.json = json;
        this.clock = clock;
        this.version = version;
        this.requestedRate = kind.requestedRate(spec.run()).orElse(0);
    }

    /** Starts the controlling thread; returns at once. */
    ControllerRun start() {
        Thread t = new Thread(this::drive, "loadgen-controller-" + controllerRunId.substring(0, 8));
        t.setDaemon(true);
        t.start();
        return this;
    }

    private void drive() {
        RunOutcome outcome;
        try {
            outcome = control();
        } catch (Throwable e) { // an Error too: a run left active would hold the one job slot until restart
            LOG.errorf(e, "Distributed run %s failed", controllerRunId);
            stopAll();
            outcome = new RunOutcome(null, null, false, "controller error: " + e);
        }
        done.complete(outcome);
    }

    private RunOutcome control() {
        List<AgentInfo> infos = new ArrayList<>(endpoints.size());
        List<ClockOffset> offsets = new ArrayList<>(endpoints.size());
        long runNanos = spec.warmup().toNanos() + spec.duration().toNanos();
        for (AgentEndpoint e : endpoints) { // every agent is asked before any is given a part
            try {
                AgentInfo info = client.info(e);
                String refusal = info.refusal(version);
                if (refusal != null) {
                    return refused(refusal + " (" + e.address() + "); no agent was started");
                }
                infos.add(info);
                offsets.add(client.clockOffset(e, CLOCK_SAMPLES));
            } catch (AgentCallException ex) {
                return refused(ex.getMessage() + "; no agent was started");
            }
            if (isCancelled()) {
                return new RunOutcome(null, null, true, null);
            }
        }
        List<ObjectNode> parts = new ArrayList<>(endpoints.size());
        List<Double> rates = new ArrayList<>(endpoints.size());
        try {
            for (RunSpec part : kind.parts(spec.run(), endpoints.size())) {
                parts.add(json.valueToTree(part)); // the wire: each agent reads its part as a user's spec
                rates.add(kind.requestedRate(part).orElse(0)); // what bounds its sends (PartTally)
            }
        } catch (UnsplittableSpecException e) {
            return refused(e.getMessage());
        }
        PartsMerger begun;
        try { // before any part starts: a kind may read what must be read once around the whole run
            begun = kind.beginMerge(spec.run());
        } catch (RuntimeException e) {
            return refused("could not begin the " + spec.run().kind() + " merge: " + e.getMessage()
                    + "; no agent was started");
        }
        synchronized (this) {
            merger = begun;
        }
        // a kind that merges the parts' own reports gets each agent's: asked for with its last batch, checked
        Class<? extends RunReport> reports = begun == PartsMerger.NONE ? null : kind.types().reportType();
        List<AgentTracker> ready = new ArrayList<>(endpoints.size());
        for (int i = 0; i < endpoints.size(); i++) {
            ready.add(new AgentTracker(endpoints.get(i), infos.get(i).name(), offsets.get(i), client, clock, runNanos,
                    OVERRUN_NANOS, rates.get(i), reports));
        }
        long startAt = clock.nanoTime() + START_LEAD_NANOS + LEAD_PER_AGENT_NANOS * ready.size();
        synchronized (this) {
            startAtNanos = startAt;
        }
        for (int i = 0; i < ready.size(); i++) {
            AgentTracker a = ready.get(i);
            try {
                AgentRunStarted started = client.start(a.endpoint, new AgentRunRequest(controllerRunId, parts.get(i),
                        a.offset.toAgent(startAt), LEASE_MILLIS));
                if (!AgentText.isName(started.id())) { // it goes into every later call's path
                    throw new AgentCallException(a.endpoint.address(), "POST /agent/runs",
                            "answered a part id outside [A-Za-z0-9._-]{1,64}");
                }
                a.started(started.id(), clock.nanoTime());
                synchronized (this) {
                    agents.add(a);
                }
            } catch (AgentCallException e) {
                String why = "refused its part: " + e.getMessage();
                if (trackers().isEmpty() || clock.nanoTime() < startAt - STARTED_MARGIN_NANOS) {
                    stopAll(); // the parts given are cancelled before their start: nothing was measured
                    return refused("agent " + a.name + " (" + a.endpoint.address() + ") " + why);
                }
                // the parts already given have started (a slow start call took the lead): what they measure is
                // kept, and the run ends partial naming this agent, as when an agent dies mid-run
                a.fail(why);
                synchronized (this) {
                    agents.add(a);
                }
                break;
            }
        }
        pollUntilSettled(startAt);
        return outcome();
    }

    private void pollUntilSettled(long startAt) {
        long expectedEnd = startAt + spec.warmup().toNanos() + spec.duration().toNanos();
        long drainUntil = Long.MAX_VALUE;
        boolean stopSent = false;
        List<AgentTracker> all = trackers();
        startPollers(all, expectedEnd);
        while (true) {
            if (!stopSent && (isCancelled() || all.stream().anyMatch(AgentTracker::failed))) {
                stopAll();
                stopSent = true;
                drainUntil = clock.nanoTime() + DRAIN_NANOS;
            }
            if (all.stream().allMatch(AgentTracker::settled)) {
                return;
            }
            long now = clock.nanoTime();
            if (now > drainUntil || now > expectedEnd + OVERRUN_NANOS) {
                for (AgentTracker a : all) {
                    if (!a.settled()) {
                        a.fail(now > drainUntil ? "did not deliver its last interval within "
                                + TimeUnit.NANOSECONDS.toSeconds(DRAIN_NANOS) + " s of the stop"
                                : "still running " + TimeUnit.NANOSECONDS.toSeconds(OVERRUN_NANOS)
                                + " s after the run's end");
                    }
                }
                stopAll(); // their pollers stop their parts on the way out
                return;
            }
            try {
                TimeUnit.NANOSECONDS.sleep(FINAL_POLL_NANOS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel();
            }
        }
    }

    private void startPollers(List<AgentTracker> all, long expectedEnd) {
        for (AgentTracker a : all) {
            Thread t = new Thread(new AgentPoller(a, clock, expectedEnd),
                    "loadgen-controller-" + controllerRunId.substring(0, 8) + "-" + a.endpoint.address());
            t.setDaemon(true);
            synchronized (this) {
                pollers.add(t);
            }
            t.start();
        }
    }

    private RunOutcome outcome() {
        MergedReportBuilder builder = new MergedReportBuilder(spec.warmup(), spec.duration(), kind.mergedCount());
        List<RunReport> reports = new ArrayList<>();
        for (AgentTracker a : trackers()) {
            builder.agent(a.delivery());
            reports.add(a.report());
        }
        MergedReport merged = builder.build();
        long histogramCount = HistogramCodec.decode(merged.histogram()).getTotalCount();
        String failure = merged.failure();
        RunReport own = null;
        try {
            own = mergerNow().merge(reports, merged.parts()).orElse(null);
        } catch (RuntimeException e) { // nothing measured is ever lost: the merged figures stay, the problem is said
            LOG.errorf(e, "The %s merge of distributed run %s failed", spec.run().kind(), controllerRunId);
            String why = "the " + spec.run().kind() + " merge of the parts failed: " + e;
            failure = failure == null ? why : failure + "; " + why;
        }
        DistributedReport report = DistributedReport.of(spec.run().kind(), spec.duration().toNanos() / 1e9,
                requestedRate, merged, histogramCount, failure, own);
        boolean userCancel = isCancelled();
        String outcomeFailure = failure != null ? failure
                : merged.partial() && !userCancel ? "an agent did not deliver its last interval" : null;
        return new RunOutcome(report, merged.histogram(), userCancel && outcomeFailure == null, outcomeFailure);
    }

    private synchronized PartsMerger mergerNow() {
        return merger;
    }

    private static RunOutcome refused(String why) {
        return new RunOutcome(null, null, false, why);
    }

    /**
     * Asks every part to stop: each poller sends its agent's cancel and polls for the last interval. Before the
     * pollers run (a part refused), the cancels go out from here. Interrupting a poller cuts its call in flight.
     */
    private void stopAll() {
        List<Thread> running;
        synchronized (this) {
            running = List.copyOf(pollers);
        }
        for (AgentTracker a : trackers()) {
            a.requestStop();
            if (running.isEmpty()) {
                a.cancel();
            }
        }
        running.forEach(Thread::interrupt);
    }

    private synchronized List<AgentTracker> trackers() {
        return List.copyOf(agents);
    }

    private synchronized boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void cancel() {
        synchronized (this) {
            cancelled = true;
        }
    }

    @Override
    public CompletionStage<RunOutcome> done() {
        return done;
    }

    /**
     * The merged figures so far: counters summed over every interval each agent delivered, and the latency of each
     * agent's latest interval merged by histogram addition.
     */
    @Override
    public RunProgress progress() {
        long start;
        synchronized (this) {
            start = startAtNanos;
        }
        Counter counted = kind.mergedCount();
        PhaseTotals measured = new PhaseTotals();
        PhaseTotals lastIntervals = new PhaseTotals(); // both phases, as a local run's interval latency has them
        double currentRate = 0;
        for (AgentTracker a : trackers()) {
            a.addMeasured(measured);
            IntervalSample last = a.last();
            if (last != null && last.endNanos() > last.startNanos()) {
                currentRate += (last.measured().count(counted) + last.warmup().count(counted))
                        * 1e9 / (last.endNanos() - last.startNanos());
                lastIntervals.add(last.warmup());
                lastIntervals.add(last.measured());
            }
        }
        // each agent's latest second, added exactly: the live progress's latency, never an average (Prometheus gets
        // latency from the agents' own loadgen_latency_seconds histograms, never from here: counted once)
        LatencySummary intervalLatency = lastIntervals.latency().getTotalCount() == 0 ? null
                : LatencySummary.ofNanos(lastIntervals.latency());
        long now = clock.nanoTime();
        long warmupEnd = start == Long.MAX_VALUE ? Long.MAX_VALUE : start + spec.warmup().toNanos();
        boolean warmingUp = start != Long.MAX_VALUE && now >= start && now < warmupEnd;
        double elapsed = start == Long.MAX_VALUE || now < warmupEnd ? 0
                : Math.min(now - warmupEnd, spec.duration().toNanos()) / 1e9;
        return new RunProgress(elapsed, warmingUp, measured.count(counted), currentRate, measured.errors(),
                measured.count(Counter.BYTES_SENT), measured.count(Counter.BYTES_RECEIVED), 0, requestedRate,
                intervalLatency);
    }
}
