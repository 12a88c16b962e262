package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuController;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.resource.ResourceFigures;
import io.loadlab.loadgen.resource.ResourceSource;
import io.loadlab.loadgen.resource.ResourceWindow;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Runs;

import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs one cell as an ordinary run through the {@link Runs} (so the one-active-run rule, persistence
 * and {@code /runs} apply) and measures around it: the target's CPU, run-queue wait and throttling through its
 * {@link ResourceSource} and the loadgen's own CPU, wait and throttling, all sampled every {@code sampleInterval} during the measured part only (warm-up and the tail after
 * the last request left out). Blocks until the run has ended.
 * <p>
 * Every figure is a difference between two readings, so the window is closed by a reading at its end however slow
 * the readings are: the first tick at or past the end of the measured part takes one (the tick before it is cut
 * short to land there), and a run that ended between ticks gets one just after. Before that, ticks landed only
 * every interval plus the scrape's own time, and on a busy machine (load 23: a cold first scrape of the target
 * took over a second) a 1.5 s cell got one reading or none, and neither the target's CPU nor the loadgen's.
 */
final class CellRunner {

    private final Runs runs;
    private final RunKinds kinds;
    /** The experiment's claim on the one active-job slot, which its cells start under. */
    private final Supplier<ActiveJob.Job> owner;
    private final ExperimentsConfig config;
    private final NanoClock clock;
    /** The wall clock, for the measured part's edges that a source's window is closed with. */
    private final Clock wall;
    private final Verdicts verdicts;
    /** Measures each target's link before its first cell. */
    private final LinkMeasure links;
    /** The agents cells on agents may use ({@code agents: all} and {@code auto} count them at each cell). */
    private final AgentDiscovery agents;
    /** The loadgen's own cgroup CPU controller, for its throttling; empty where it has none. */
    private final Optional<CpuController> selfCgroup = CpuController.ofSelf();

    CellRunner(Runs runs, RunKinds kinds, Supplier<ActiveJob.Job> owner, ExperimentsConfig config, NanoClock clock,
               Clock wall, Optional<LinkProbe> probe, AgentDiscovery agents) {
        this.agents = agents;
        this.runs = runs;
        this.kinds = kinds;
        this.owner = owner;
        this.wall = wall;
        this.config = config;
        this.clock = clock;
        this.verdicts = new Verdicts(config.thresholds());
        this.links = new LinkMeasure(kinds, config, probe, (spec, started, cancelled, duration)
                -> runToEnd(spec, null, started, cancelled, null, duration));
    }

    /**
     * The run a cell of {@code v} on {@code t} is: the variant's own request ({@link Variant#request}) or our
     * target's {@code POST {"number":N}}, over plain HTTP/1.1 as before the {@code protocols} axis.
     *
     * @throws io.loadlab.loadgen.run.InvalidSpecException when the request is not one a run can make
     */
    static HttpRunSpec httpSpec(ExperimentTarget t, Variant v, Duration duration, Duration warmup, Duration timeout) {
        return httpSpec(t, v, ExperimentProtocol.DEFAULT, duration, warmup, timeout);
    }

    /**
     * The run a cell of {@code v} on {@code t} speaking {@code p} is: to the target's url, or its tlsUrl for an entry
     * over TLS; with the entry's protocol, streams and TLS, and its keep-alive where it sets one; with the variant's
     * mix, values and seed when it has them (the cell's figures are then the run's totals, over every name).
     *
     * @throws io.loadlab.loadgen.run.InvalidSpecException when the request is not one a run can make
     */
    static HttpRunSpec httpSpec(ExperimentTarget t, Variant v, ExperimentProtocol p, Duration duration, Duration warmup,
                                Duration timeout) {
        URI base = t.base(p);
        boolean keepAlive = p.keepAlive(v);
        if (v.carriesRequest()) {
            return new HttpRunSpec(v.request(base), v.method(), v.headers(), v.body(), v.connections(), v.threads(),
                    duration, warmup, v.rate(), keepAlive, timeout, p.wire(), p.streams(), p.secure() ? p.tls() : null,
                    v.requests(), v.values(), v.seed() == null ? 0 : v.seed());
        }
        return new HttpRunSpec(base, "POST", Map.of("Content-Type", "application/json"),
                "{\"number\":" + v.number() + "}", v.connections(), v.threads(), duration, warmup, v.rate(),
                keepAlive, timeout, p.wire(), p.streams(), p.secure() ? p.tls() : null);
    }

    /** @see LinkMeasure#measure */
    LinkCapacity measureLink(ExperimentTarget t, ExperimentSpec spec, Consumer<String> started, BooleanSupplier cancelled) {
        return links.measure(t, spec, started, cancelled);
    }

    /**
     * Runs the cell: on this loadgen, or on agents as the spec says. With {@code agents: auto} a loadgen-bound cell
     * is run again on twice the agents (1, 2, 4...) until its busiest agent is under the threshold or every agent
     * found is in use; the row kept is the last run's, with how many agents it used.
     *
     * @param started told each run's id and how many load generators drive it
     */
    CellResult run(ExperimentTarget t, ResourceSource source, Variant v, ExperimentProtocol p, ExperimentSpec spec,
                   LinkCapacity link, BiConsumer<String, Integer> started, BooleanSupplier cancelled) {
        HttpRunSpec http = httpSpec(t, v, p, spec.duration(), spec.warmup(), spec.timeout());
        Cell cell = new Cell(t, source, v, p, spec, link);
        if (spec.agents() == null) {
            return measure(cell, http, 0, runId -> started.accept(runId, 1), cancelled);
        }
        if (!ExperimentSpec.AUTO.equals(spec.agents())) {
            int n = DistributedRunSpec.ALL.equals(spec.agents()) ? agentsFound() : DistributedRunSpec.count(spec.agents());
            return measure(cell, new DistributedRunSpec(spec.agents(), http), n, runId -> started.accept(runId, n), cancelled);
        }
        int most = Math.max(1, Math.min(agentsFound(), splittable(v)));
        for (int n = 1; ; n = Math.min(most, n * 2)) {
            int used = n;
            CellResult r = measure(cell, new DistributedRunSpec(String.valueOf(n), http), n,
                    runId -> started.accept(runId, used), cancelled);
            if (n >= most || cancelled.getAsBoolean() || !Verdict.LOADGEN.equals(r.verdict().verdict())) {
                return r;
            }
        }
    }

    /**
     * The most agents {@code v} can be split over: each needs a thread (threads never exceed connections) and, in
     * the open model, at least the lowest rate a run takes. Beyond that, {@code auto} would fail the run it asked for.
     */
    static int splittable(Variant v) {
        long byRate = v.rate() > 0 ? (long) Math.floor(v.rate() / RateSchedule.MIN_PER_SECOND) : Long.MAX_VALUE;
        return (int) Math.min(v.threads(), byRate);
    }

    /** The agents discovery finds now; 0 when it finds none (the run then fails, naming the setting). */
    private int agentsFound() {
        try {
            return agents.agents().size();
        } catch (UnknownHostException e) {
            return 0;
        }
    }

    /** What one cell measures: its target, the target's source, its variant, its protocol, the spec and the link. */
    private record Cell(ExperimentTarget t, ResourceSource source, Variant v, ExperimentProtocol p, ExperimentSpec spec,
                        LinkCapacity link) {
    }

    /** @param agents the agents {@code run} runs on, 0 for a cell this loadgen drives alone */
    private CellResult measure(Cell c, RunSpec cell, int agents, Consumer<String> started, BooleanSupplier cancelled) {
        ExperimentTarget t = c.t();
        Samples samples = new Samples(c.source());
        RunRecord run = runToEnd(cell, c.spec().thresholds(), started, cancelled,
                p -> sample(samples, p, c.spec().duration()), c.spec().duration());
        if (samples.window != null && !samples.closed) {
            read(samples); // the run ended between two ticks: close the window now
        }
        CellFigures r = kinds.figures(run).orElse(null);
        ResourceFigures target = samples.window == null
                ? ResourceFigures.none(c.source().describe(), "the run measured nothing: no tick in its measured part")
                : samples.window.close(samples.start, samples.start.plusNanos(measuredNanos(r, samples, c.spec().duration())));
        int cpus = Runtime.getRuntime().availableProcessors();
        double seconds = r == null || r.durationSeconds() <= 0 ? 0 : r.durationSeconds();
        double bytesPerSecond = seconds == 0 ? 0 : r.bytesReceived() / seconds;
        long errors = r == null ? 0 : r.errors();
        long attempts = r == null ? 0 : r.attempts();
        Double lag = r != null && r.requestedRate() > 0 ? Math.max(0, 1 - r.achievedRate() / r.requestedRate()) : null;
        // On agents the generator is the busiest agent, not this controller: its saturation stands for the
        // loadgen's CPU, and the controller's own loops, wait and throttling say nothing about the load.
        Double agentsBusiest = r == null ? null : r.generatorSaturation();
        Evidence e = TargetEvidence.of(target, t.cores(), c.link(), r == null ? null : bytesPerSecond,
                agentsBusiest != null ? agentsBusiest : samples.self.cpu(cpus),
                agentsBusiest != null ? null : samples.self.busiest(c.v().threads()),
                agentsBusiest != null ? null : samples.self.waiting(cpus),
                agentsBusiest != null ? null : samples.self.throttled(), lag);
        boolean axis = c.spec().protocols() != null; // without the axis, the record's cells stay as they were
        if (axis) {
            e = ProtocolCost.evidence(e, c.p(), r);
        }
        Verdict decided = verdicts.decide(e);
        // Failed handshakes are named first whatever else is said: a run none of whose connections opened failed,
        // and its own reason alone would hide that the certificate, not the target, ended it.
        Verdict verdict = ProtocolCost.judged(run.state() != io.loadlab.loadgen.run.RunState.COMPLETED
                ? decided.untrusted("the run " + run.state().json() + (run.failure() == null ? "" : ": " + run.failure())
                + "; figures are partial")
                : attempts == 0 ? decided.untrusted(Verdict.NOTHING_MEASURED) : decided, r);
        return new CellResult(t.name(), t.cores(), c.v().label(), run.id(), run.state().json(),
                r == null ? 0 : r.requestsPerSecond(), bytesPerSecond / 1e6,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p50() / 1000,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p99() / 1000,
                errors, attempts == 0 ? 0 : (double) errors / attempts,
                r == null ? 0 : r.requestedRate(), r == null ? 0 : r.achievedRate(), verdict,
                agents > 0 ? Integer.valueOf(agents) : null, axis ? c.p().label() : null,
                r == null ? null : CellResult.shares(r.requestsByName()));
    }

    /**
     * The measured part's length: the run's own figure (its measured duration, the same the rates are divided by);
     * without one, the measured time the last tick saw, at most the spec's duration.
     */
    private static long measuredNanos(CellFigures r, Samples s, Duration duration) {
        if (r != null && r.durationSeconds() > 0) {
            return (long) (r.durationSeconds() * 1e9);
        }
        return Math.min(duration.toNanos(), (long) (s.lastElapsed * 1e9));
    }

    /**
     * The first tick in the measured part opens the window; its wall-clock start is now less the measured time the
     * run reports at that tick, so the edges are the run's own, not the tick's (which lands up to a sample interval
     * after the part began).
     */
    private void sample(Samples s, RunProgress p, Duration duration) {
        if (p.warmingUp() || p.elapsedSeconds() <= 0 || s.closed) {
            return;
        }
        s.closed = p.elapsedSeconds() * 1e9 >= duration.toNanos(); // the first tick at or past the end closes it
        s.lastElapsed = p.elapsedSeconds();
        if (s.window == null) {
            s.start = wall.instant().minusNanos((long) (p.elapsedSeconds() * 1e9));
            s.window = s.source.open();
        }
        read(s);
    }

    private void read(Samples s) {
        s.window.tick();
        s.self.add(clock.nanoTime(), SelfCpu.sample());
        selfCgroup.flatMap(CpuController::stat).ifPresent(s.self::addCgroup);
    }

    /**
     * Starts the run and follows it to its end, calling {@code onProgress} every sample interval while it is live,
     * and once more as soon as its measured part of {@code duration} is over.
     */
    private RunRecord runToEnd(RunSpec spec, GateSpec thresholds, Consumer<String> started, BooleanSupplier cancelled,
                               Consumer<RunProgress> onProgress, Duration duration) {
        RunRecord run = runs.start(spec, thresholds, null, owner.get()); // each cell judged (and aborted) as a run
        started.accept(run.id());
        long interval = config.sampleInterval().toNanos();
        while (!run.state().finished()) {
            if (cancelled.getAsBoolean()) {
                runs.cancel(run.id());
            }
            Optional<LoadRun> live = runs.live(run.id());
            long sleep = interval;
            if (live.isPresent() && onProgress != null) {
                RunProgress p = live.get().progress();
                onProgress.accept(p);
                long left = duration.toNanos() - (long) (p.elapsedSeconds() * 1e9);
                if (!p.warmingUp() && p.elapsedSeconds() > 0 && left > 0) {
                    sleep = Math.min(interval, left);
                }
            }
            try {
                TimeUnit.NANOSECONDS.sleep(sleep);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                runs.cancel(run.id());
            }
            run = runs.find(run.id()).orElseThrow(() -> new IllegalStateException("run vanished"));
        }
        return run;
    }

    private static final class Samples {
        final ResourceSource source;
        final SelfCpu.Window self = new SelfCpu.Window();
        /** Opened at the first tick in the measured part; null before. */
        ResourceWindow window;
        /** The measured part's wall-clock start. */
        Instant start;
        /** The measured seconds the last tick saw. */
        double lastElapsed;
        /** The closing reading, at or just past the end of the measured part, was taken: no more. */
        boolean closed;

        Samples(ResourceSource source) {
            this.source = source;
        }
    }
}
