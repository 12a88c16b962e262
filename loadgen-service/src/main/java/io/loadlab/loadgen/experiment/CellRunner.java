package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuController;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.resource.ResourceFigures;
import io.loadlab.loadgen.resource.ResourceSource;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Runs;

import java.net.UnknownHostException;
import java.time.Clock;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * Runs one cell and judges it, as a sequence of the jobs around it: its run ({@link CellSpecs}), on how many
 * generators ({@link AgentScaling}), started and polled to its end as an ordinary run ({@link RunWaiter}) while the
 * target and the loadgen are read ({@link CellSampling}), then the evidence and the verdict. A target's link is
 * measured before its first cell ({@link LinkMeasure}). Blocks until the run has ended.
 */
final class CellRunner {

    private final RunKinds kinds;
    private final NanoClock clock;
    /** The wall clock, for the measured part's edges that a source's window is closed with. */
    private final Clock wall;
    private final Verdicts verdicts;
    private final RunWaiter waiter;
    /** Measures each target's link before its first cell. */
    private final LinkMeasure links;
    private final AgentScaling scaling;
    /** The loadgen's own cgroup CPU controller, for its throttling; empty where it has none. */
    private final Optional<CpuController> selfCgroup = CpuController.ofSelf();

    CellRunner(Runs runs, RunKinds kinds, Supplier<ActiveJob.Job> owner, ExperimentsConfig config, NanoClock clock,
               Clock wall, Optional<LinkProbe> probe, AgentDiscovery agents) {
        this.kinds = kinds;
        this.wall = wall;
        this.clock = clock;
        this.verdicts = new Verdicts(config.thresholds());
        this.waiter = new RunWaiter(runs, owner, config.sampleInterval());
        this.links = new LinkMeasure(kinds, config, probe, (spec, started, cancelled, duration)
                -> waiter.runToEnd(spec, null, started, cancelled, null, duration));
        this.scaling = new AgentScaling(() -> agentsFound(agents));
    }

    /** @see LinkMeasure#measure */
    LinkCapacity measureLink(ExperimentTarget t, ExperimentSpec spec, Consumer<String> started, BooleanSupplier cancelled) {
        return links.measure(t, spec, started, cancelled);
    }

    /**
     * Runs the cell: on this loadgen, or on agents as the spec says ({@link AgentScaling}).
     *
     * @param started told each run's id and how many load generators drive it
     */
    CellResult run(ExperimentTarget t, ResourceSource source, Variant v, ExperimentProtocol p, ExperimentSpec spec,
                   LinkCapacity link, BiConsumer<String, Integer> started, BooleanSupplier cancelled) {
        RunSpec run = CellSpecs.of(t, v, p, spec.duration(), spec.warmup(), spec.timeout(), kinds);
        Cell cell = new Cell(t, source, v, p, spec, link);
        IntUnaryOperator splittable = v.isTemplate()
                ? found -> AgentScaling.splittable(kinds.named(run.kind()).orElseThrow(), run, found)
                : found -> AgentScaling.most(found, v);
        return scaling.run(spec.agents(), splittable, run, (r, agents, runStarted) -> measure(cell, r, agents, runStarted,
                cancelled), started, cancelled);
    }

    /** The agents discovery finds now; 0 when it finds none (the run then fails, naming the setting). */
    private static int agentsFound(AgentDiscovery agents) {
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
        CellSampling samples = new CellSampling(c.source(), c.spec().duration(), clock, wall, selfCgroup);
        RunRecord run = waiter.runToEnd(cell, c.spec().thresholds(), started, cancelled, samples::tick,
                c.spec().duration());
        samples.finish();
        CellFigures r = kinds.figures(run).orElse(null);
        ResourceFigures target = samples.target(r);
        SelfCpu.Window self = samples.self();
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
                agentsBusiest != null ? agentsBusiest : self.cpu(cpus),
                agentsBusiest != null ? null : self.busiest(Math.max(1, c.v().threads())),
                agentsBusiest != null ? null : self.waiting(cpus),
                agentsBusiest != null ? null : self.throttled(), lag);
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
                : attempts == 0 && bytesPerSecond == 0 ? decided.untrusted(Verdict.NOTHING_MEASURED) : decided, r);
        return new CellResult(t.name(), t.cores(), c.v().label(), run.id(), run.state().json(),
                r == null ? 0 : r.requestsPerSecond(), bytesPerSecond / 1e6,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p50() / 1000,
                r == null || r.latencyMicros() == null ? 0 : r.latencyMicros().p99() / 1000,
                errors, attempts == 0 ? 0 : (double) errors / attempts,
                r == null ? 0 : r.requestedRate(), r == null ? 0 : r.achievedRate(), verdict,
                agents > 0 ? Integer.valueOf(agents) : null, axis ? c.p().label() : null,
                r == null ? null : CellResult.shares(r.requestsByName()));
    }
}
