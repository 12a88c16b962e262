package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunSpec;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Distributed runs as the rest of the loadgen sees them: their JSON records and their text. A user never posts
 * {@code "kind": "distributed"}; they post their run's own kind with an {@code agents} field, which the API reads
 * into a {@link DistributedRunSpec}.
 */
@Singleton
public class DistributedKind extends RunKind<DistributedRunSpec, DistributedReport> {

    private final DistributedRunDriver driver;

    @Inject
    public DistributedKind(DistributedRunDriver driver) {
        super(DistributedRunSpec.KIND, DistributedRunSpec.class, DistributedReport.class);
        this.driver = driver;
    }

    /**
     * @throws IllegalStateException when fewer agents are found than the spec asks for (the run is recorded as
     *                               failed to start, naming the count and the setting)
     */
    @Override
    protected LoadRun start(DistributedRunSpec spec) {
        return driver.start(spec);
    }

    @Override
    public DistributedRunSpec read(JsonFields fields) {
        fields.violations().add("kind", "post the run's own kind (http) with \"agents\": N or \"all\" to spread it over agents");
        return null;
    }

    /** The run it spreads is redacted by that run's own kind: a distributed http run hides its headers too. */
    @Override
    protected DistributedRunSpec redact(DistributedRunSpec spec, UnaryOperator<RunSpec> inner) {
        return new DistributedRunSpec(spec.agents(), inner.apply(spec.run()));
    }

    @Override
    protected DistributedRunSpec hideKeys(DistributedRunSpec spec, UnaryOperator<RunSpec> inner) {
        return new DistributedRunSpec(spec.agents(), inner.apply(spec.run()));
    }

    /**
     * A cell on agents reads as a local one from the merged counters, with the busiest agent's saturation for the
     * verdict (issue 12: one saturated agent makes the cell loadgen-bound, however idle the others). A kind that
     * merges its own report ({@link DistributedReport#merged}: UDP, iperf) is read from that, by its own kind.
     */
    @Override
    protected Optional<CellFigures> figures(DistributedReport r) {
        double busiest = r.agents().stream().mapToDouble(AgentSummary::saturation).max().orElse(0);
        if (r.merged() != null) {
            return driver.kind(r.runKind()).flatMap(k -> k.figuresOf(r.merged()))
                    .map(f -> f.onAgents(r.agents().size(), busiest));
        }
        long errors = r.errors();
        long failedAttempts = count(r, Counter.CONNECT_ERRORS) + count(r, Counter.TIMEOUTS)
                + count(r, Counter.READ_WRITE_ERRORS);
        double seconds = r.durationSeconds();
        return Optional.of(new CellFigures(seconds, count(r, Counter.BYTES_RECEIVED), r.requestsPerSecond(),
                r.latencyMicros(), errors, r.requests() + failedAttempts, r.requestedRate(),
                seconds > 0 ? count(r, Counter.SENT) / seconds : 0, r.agents().size(), busiest)
                .withRequestsByName(r.mix() == null ? null : r.mix().requestsByName()));
    }

    /** One row per agent with its own figures, below the merged ones, for the run page. */
    @Override
    protected java.util.List<io.loadlab.loadgen.run.ReportTable> tables(DistributedRunSpec spec, DistributedReport report) {
        return java.util.List.of(AgentsTable.of(report.agents()));
    }

    private static long count(DistributedReport r, Counter c) {
        return r.counts().getOrDefault(c, 0L);
    }

    @Override
    public Optional<String> textLayout() {
        return Optional.of("wrk, merged");
    }

    /**
     * With the kind's own merged report ({@link DistributedReport#merged}): that report in its kind's layout (a UDP
     * run's sockperf lines), then the agents' lines; without it, wrk's lines of the merge.
     */
    @Override
    protected Optional<String> text(DistributedRunSpec spec, DistributedReport report, String histogram) {
        Optional<String> own = report.merged() == null ? Optional.empty()
                : driver.kind(spec.run().kind()).flatMap(k -> k.textOf(spec.run(), report.merged(), histogram));
        return Optional.of(own.map(text -> DistributedTextReport.agents(text, report))
                .orElseGet(() -> DistributedTextReport.render(spec, report)));
    }

    /** An http run's figures (but TLS handshakes, which agents do not merge), merged over the agents: never one agent's. */
    private static final Set<String> GATE = Stream.of(GateFigures.ERRORS, GateFigures.LATENCY, GateFigures.PACE)
            .flatMap(Set::stream).collect(Collectors.toUnmodifiableSet());

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    @Override
    public Set<String> liveGateFigureNames() {
        return GateFigures.ERRORS;
    }

    /** From the controller's merged progress of the measured part, as a local run's. */
    @Override
    public Map<String, Double> liveGateFigures(RunSpec spec, RunProgress progress) {
        return GateFigures.liveErrors(progress);
    }

    /**
     * On the merged histogram and summed counters; {@code trustworthy} is 1 only when every agent delivered every
     * interval and none failed; {@code achievedRateRatio} in the open model from the requests the agents sent. With
     * the kind's own merged report ({@link DistributedReport#merged}), that report's figures as its kind names them,
     * never the distributed report's (whose latency is a UDP run's round trip, not sockperf's half of it), and
     * {@code trustworthy}; a figure the kind lacks is absent, and a threshold on it fails.
     */
    @Override
    protected Map<String, Double> gateFigures(DistributedRunSpec spec, DistributedReport r) {
        if (r.merged() != null) { // the kind's own figures of its merged report: a UDP run's p99Millis is RTT/2, as local
            Map<String, Double> own = new java.util.HashMap<>(driver.kind(spec.run().kind())
                    .map(k -> k.gateFiguresOf(spec.run(), r.merged())).orElse(Map.of()));
            own.put("trustworthy", !r.partial() && r.failure() == null ? 1.0 : 0.0);
            return own;
        }
        GateFigures f = new GateFigures().errors(r.requests(), r.errors()).put("requestsPerSecond", r.requestsPerSecond())
                .latency(r.latencyMicros()).put("trustworthy", !r.partial() && r.failure() == null ? 1 : 0);
        if (r.requestedRate() > 0 && r.durationSeconds() > 0) {
            f.put("achievedRateRatio", count(r, Counter.SENT) / r.durationSeconds() / r.requestedRate());
        }
        return f.map();
    }
}
