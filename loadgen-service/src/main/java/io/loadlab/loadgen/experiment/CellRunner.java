package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuController;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Runs;

import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs one cell as an ordinary run through the {@link Runs} (so the one-active-run rule, persistence
 * and {@code /runs} apply) and measures around it: the target's CPU, run-queue wait and throttling from its
 * metrics and the loadgen's own CPU, wait and throttling, all sampled every {@code sampleInterval} during the measured part only (warm-up and the tail after
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
    private final Verdicts verdicts;
    private final TargetMetrics targetMetrics;
    /** iperf's bulk run where that kind is installed. */
    private final Optional<LinkProbe> probe;
    /** The agents cells on agents may use ({@code agents: all} and {@code auto} count them at each cell). */
    private final AgentDiscovery agents;
    /** The loadgen's own cgroup CPU controller, for its throttling; empty where it has none. */
    private final Optional<CpuController> selfCgroup = CpuController.ofSelf();

    CellRunner(Runs runs, RunKinds kinds, Supplier<ActiveJob.Job> owner, ExperimentsConfig config, NanoClock clock,
               TargetMetrics targetMetrics, Optional<LinkProbe> probe, AgentDiscovery agents) {
        this.probe = probe;
        this.agents = agents;
        this.runs = runs;
        this.kinds = kinds;
        this.owner = owner;
        this.targetMetrics = targetMetrics;
        this.config = config;
        this.clock = clock;
        this.verdicts = new Verdicts(config.thresholds());
    }

    static HttpRunSpec httpSpec(ExperimentTarget t, Variant v, Duration duration, Duration warmup, Duration timeout) {
        return new HttpRunSpec(t.url(), "POST", Map.of("Content-Type", "application/json"),
                "{\"number\":" + v.number() + "}", v.connections(), v.threads(), duration, warmup, v.rate(),
                v.keepAlive(), timeout);
    }

    /**
     * Measures the link with the probe (iperf3's TCP bulk run, down) against the target's iperf3 port; where that
     * port does not answer (or no probe is installed), by downloading large answers, saying why in the evidence.
     */
    LinkCapacity measureLink(ExperimentTarget t, ExperimentSpec spec, Consumer<String> started, BooleanSupplier cancelled) {
        String why = "no link probe installed";
        if (probe.isPresent() && t.iperf() != null) {
            Duration seconds = Duration.ofSeconds(Math.max(1, (config.capacityDuration().toMillis() + 999) / 1000));
            RunRecord run = runToEnd(probe.get().spec(t.iperf(), seconds), started, cancelled, null, seconds);
            CellFigures r = kinds.figures(run).orElse(null);
            if (run.state() == io.loadlab.loadgen.run.RunState.COMPLETED && r != null && r.durationSeconds() > 0
                    && r.bytesReceived() > 0) {
                return new LinkCapacity(t.name(), r.bytesReceived() * 8 / r.durationSeconds() / 1e6, true, run.id(),
                        probe.get().method(), null);
            }
            why = "the iperf3 port " + t.iperf() + " did not answer (run " + run.id() + " " + run.state().json()
                    + (run.failure() == null ? "" : ": " + run.failure()) + ")";
        }
        return download(t, started, cancelled, why);
    }

    /** Downloads large answers for a while: bytes per second achieved estimate the link, from below. */
    private LinkCapacity download(ExperimentTarget t, Consumer<String> started, BooleanSupplier cancelled, String why) {
        int c = config.capacityConnections();
        Variant big = new Variant(config.capacityNumber(), c, Math.min(2, c), true, 0);
        RunRecord run = runToEnd(httpSpec(t, big, config.capacityDuration(), Duration.ofMillis(500), Duration.ofSeconds(10)),
                started, cancelled, null, config.capacityDuration());
        CellFigures r = kinds.figures(run).orElse(null);
        if (r == null || r.durationSeconds() <= 0 || r.bytesReceived() == 0) {
            throw new IllegalStateException("cannot measure the link to " + t.name() + ": run " + run.id() + " "
                    + run.state().json() + (run.failure() == null ? " without data" : ": " + run.failure()));
        }
        return new LinkCapacity(t.name(), r.bytesReceived() * 8 / r.durationSeconds() / 1e6, true, run.id(),
                LinkCapacity.DOWNLOAD, why);
    }

    /**
     * Runs the cell: on this loadgen, or on agents as the spec says. With {@code agents: auto} a loadgen-bound cell
     * is run again on twice the agents (1, 2, 4...) until its busiest agent is under the threshold or every agent
     * found is in use; the row kept is the last run's, with how many agents it used.
     *
     * @param started told each run's id and how many load generators drive it
     */
    CellResult run(ExperimentTarget t, Variant v, ExperimentSpec spec, LinkCapacity link,
                   BiConsumer<String, Integer> started, BooleanSupplier cancelled) {
        HttpRunSpec http = httpSpec(t, v, spec.duration(), spec.warmup(), spec.timeout());
        if (spec.agents() == null) {
            return measure(t, v, spec, link, http, 0, runId -> started.accept(runId, 1), cancelled);
        }
        if (!ExperimentSpec.AUTO.equals(spec.agents())) {
            int n = DistributedRunSpec.ALL.equals(spec.agents()) ? agentsFound() : DistributedRunSpec.count(spec.agents());
            return measure(t, v, spec, link, new DistributedRunSpec(spec.agents(), http), n,
                    runId -> started.accept(runId, n), cancelled);
        }
        int most = Math.max(1, Math.min(agentsFound(), splittable(v)));
        for (int n = 1; ; n = Math.min(most, n * 2)) {
            int used = n;
            CellResult r = measure(t, v, spec, link, new DistributedRunSpec(String.valueOf(n), http), n,
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

    /** @param agents the agents {@code cell} runs on, 0 for a cell this loadgen drives alone */
    private CellResult measure(ExperimentTarget t, Variant v, ExperimentSpec spec, LinkCapacity link, RunSpec cell,
                               int agents, Consumer<String> started, BooleanSupplier cancelled) {
        Samples samples = new Samples();
        RunRecord run = runToEnd(cell, started, cancelled, p -> sample(samples, t, p, spec.duration()), spec.duration());
        if (samples.opened && !samples.closed) {
            read(samples, t); // the run ended between two ticks: close the window now
        }
        CellFigures r = kinds.figures(run).orElse(null);
        int cpus = Runtime.getRuntime().availableProcessors();
        double seconds = r == null || r.durationSeconds() <= 0 ? 0 : r.durationSeconds();
        double bytesPerSecond = seconds == 0 ? 0 : r.bytesReceived() / seconds;
        long errors = r == null ? 0 : r.errors();
        long attempts = r == null ? 0 : r.attempts();
        Double lag = r != null && r.requestedRate() > 0 ? Math.max(0, 1 - r.achievedRate() / r.requestedRate()) : null;
        // On agents the generator is the busiest agent, not this controller: its saturation stands for the
        // loadgen's CPU, and the controller's own loops, wait and throttling say nothing about the load.
        Double agentsBusiest = r == null ? null : r.generatorSaturation();
        Evidence e = new Evidence(TargetMetrics.utilisation(samples.target, t.cores()),
                TargetCpuWait.waitShare(samples.target, t.cores()), TargetCpuWait.throttledShare(samples.target),
                TargetCpuWait.quota(samples.target), link == null || r == null ? null : bytesPerSecond / link.bytesPerSecond(),
                agentsBusiest != null ? agentsBusiest : samples.self.cpu(cpus),
                agentsBusiest != null ? null : samples.self.busiest(v.threads()),
                agentsBusiest != null ? null : samples.self.waiting(cpus),
                agentsBusiest != null ? null : samples.self.throttled(), lag);
        Verdict verdict = run.state() != io.loadlab.loadgen.run.RunState.COMPLETED
                ? new Verdict(verdicts.decide(e).verdict(), e, false, "the run " + run.state().json()
                + (run.failure() == null ? "" : ": " + run.failure()) + "; figures are partial")
                : attempts == 0 ? new Verdict(verdicts.decide(e).verdict(), e, false, Verdict.NOTHING_MEASURED)
                : verdicts.decide(e);
        return new CellResult(t.name(), t.cores(), v.label(), run.id(), run.state().json(),
                r == null ? 0 : r.requestsPerSecond(), bytesPerSecond / 1e6,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p50() / 1000,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p99() / 1000,
                errors, attempts == 0 ? 0 : (double) errors / attempts,
                r == null ? 0 : r.requestedRate(), r == null ? 0 : r.achievedRate(), verdict,
                agents > 0 ? Integer.valueOf(agents) : null);
    }

    private void sample(Samples s, ExperimentTarget t, RunProgress p, Duration duration) {
        if (p.warmingUp() || p.elapsedSeconds() <= 0 || s.closed) {
            return;
        }
        s.closed = p.elapsedSeconds() * 1e9 >= duration.toNanos(); // the first tick at or past the end closes it
        s.opened = true;
        read(s, t);
    }

    private void read(Samples s, ExperimentTarget t) {
        long now = clock.nanoTime();
        TargetMetrics.Reading reading = targetMetrics.read(t.metrics(), config.scrapeTimeout(), now);
        if (reading != null) {
            s.target.add(reading);
        }
        s.self.add(clock.nanoTime(), SelfCpu.sample());
        selfCgroup.flatMap(CpuController::stat).ifPresent(s.self::addCgroup);
    }

    /**
     * Starts the run and follows it to its end, calling {@code onProgress} every sample interval while it is live,
     * and once more as soon as its measured part of {@code duration} is over.
     */
    private RunRecord runToEnd(RunSpec spec, Consumer<String> started, BooleanSupplier cancelled,
                               Consumer<RunProgress> onProgress, Duration duration) {
        RunRecord run = runs.start(spec, owner.get());
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
        final List<TargetMetrics.Reading> target = new ArrayList<>();
        final SelfCpu.Window self = new SelfCpu.Window();
        /** A reading was taken in the measured part. */
        boolean opened;
        /** The closing reading, at or just past the end of the measured part, was taken: no more. */
        boolean closed;
    }
}
