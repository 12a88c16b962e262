package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.report.RunReport;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.UnaryOperator;

/**
 * A kind of run, the one descriptor of it (Hyperfoil's {@code Plugin}; wrk's transport table, for runs): everything
 * outside a kind's package may ask of it: its spec read from JSON, its run started, its JSON types, its report as text,
 * its own meters and the figures an experiment reads. One CDI bean per kind, in the kind's package, collected by
 * {@link RunKinds} alone; the registry, the API, metrics and experiments call these and never test a spec or a report
 * for its class. The typed hooks get the kind's own records, cast here once by class.
 *
 * @param <S> the kind's spec
 * @param <R> the kind's report
 */
public abstract class RunKind<S extends RunSpec, R extends RunReport> {

    private final KindTypes kind;
    private final Class<S> specType;
    private final Class<R> reportType;

    protected RunKind(String name, Class<S> specType, Class<R> reportType) {
        this.kind = new KindTypes(name, specType, reportType);
        this.specType = Objects.requireNonNull(specType);
        this.reportType = Objects.requireNonNull(reportType);
    }

    /** The name in {@code "kind"}, with the spec and report records JSON reads back. */
    public final KindTypes types() {
        return kind;
    }

    /**
     * Reads every field of this kind's spec through {@code fields} (the {@code kind} field is already known),
     * checks the configured limits and builds the spec with {@link JsonFields#build}. Records every problem in
     * {@code fields.violations()} and returns null if there was any; the caller answers with all of them.
     */
    public abstract S read(JsonFields fields);

    /**
     * Starts a run of {@code spec} at once (warm-up first, if any) and returns without blocking: the registry's door,
     * cast here once to this kind's spec.
     *
     * @throws ClassCastException when {@code spec} is not this kind's (the registry picks the kind by its name)
     */
    public final LoadRun launch(RunSpec spec) {
        return start(specType.cast(spec));
    }

    /**
     * Starts a run of {@code spec} and returns at once. A target that cannot be reached gives a run already done with
     * its {@link RunOutcome#failure()}; an exception means it could not be started at all (recorded as failed to start).
     */
    protected abstract LoadRun start(S spec);

    /**
     * Whether this kind's runs can be spread over agents ({@link #split}); a kind says so when the agents' parts of
     * its runs merge back exactly. False unless the kind overrides it.
     */
    public boolean splits() {
        return false;
    }

    /**
     * {@code spec} cut into {@code n} agents' parts, each an ordinary local spec of this kind that the agent validates
     * like any user's: typed, never by JSON field names.
     *
     * @throws UnsplittableSpecException naming the field that cannot be divided (a part below what a run accepts), or
     *                                    {@code agents} when {@code n} is below 1
     */
    public final List<RunSpec> parts(RunSpec spec, int n) {
        if (n < 1) {
            throw new UnsplittableSpecException("agents", "must be at least 1, was " + n);
        }
        if (!splits()) {
            throw new UnsplittableSpecException("agents", "only kinds that merge exactly can be spread over agents; "
                    + kind.kind() + " runs cannot");
        }
        List<S> parts = split(specType.cast(spec), n);
        if (parts.size() != n) {
            throw new IllegalStateException(kind.kind() + " split a spec into " + parts.size() + " parts, not " + n);
        }
        return List.copyOf(parts);
    }

    /**
     * The exact split behind {@link #parts}: what can be divided (connections, threads, a rate, a bitrate) is, so that
     * the parts sum to the whole, the remainders to the first parts ({@link Split}); the rest is copied. Called only
     * when {@link #splits()}.
     */
    protected List<S> split(S spec, int n) {
        throw new UnsupportedOperationException(kind.kind() + " does not split");
    }

    /**
     * What a distributed run of this kind sums as its count ({@link #countNoun()}) over the agents' intervals:
     * completed requests unless the kind says (UDP: messages sent).
     */
    public Counter mergedCount() {
        return Counter.COMPLETED;
    }

    /**
     * Begins the merge of one distributed run of {@code spec} (the whole, before its split): called by the controller
     * before any part starts, its {@link PartsMerger#merge} once all parts have ended.
     */
    public final PartsMerger beginMerge(RunSpec spec) {
        return merger(specType.cast(spec));
    }

    /**
     * This kind's merge of a distributed run: its own report of the whole from the parts' reports and the exact
     * interval merge (UDP: messages and loss against the reflector read once; iperf: bytes and intervals summed as
     * iperf3 sums its streams). None unless the kind overrides it: http's merge is the distributed report itself.
     */
    protected PartsMerger merger(S spec) {
        return PartsMerger.NONE;
    }

    /** {@code parts} as this kind's reports, nulls kept, for a {@link PartsMerger}. */
    protected final List<R> own(List<RunReport> parts) {
        return parts.stream().map(r -> r == null ? null : reportType.cast(r)).collect(java.util.stream.Collectors.toList());
    }

    /**
     * The rate the whole run asks for, per second over all agents (a controller's figure); empty for a closed model or
     * a kind without one.
     */
    public final OptionalDouble requestedRate(RunSpec spec) {
        return rate(specType.cast(spec));
    }

    protected OptionalDouble rate(S spec) {
        return OptionalDouble.empty();
    }

    /** What one count of this kind's runs is, as pages name it ("requests", "messages"); requests unless the kind says. */
    public String countNoun() {
        return "requests";
    }

    /** The name of this kind's text layout ({@code wrk}, {@code sockperf}); empty when it has none ({@link #text}). */
    public Optional<String> textLayout() {
        return Optional.empty();
    }

    /** A finished run's report in this kind's text layout (wrk's, sockperf's); empty when it has none. */
    public final Optional<String> text(RunRecord run) {
        return run.report() == null ? Optional.empty()
                : text(specType.cast(run.spec()), reportType.cast(run.report()), run.histogram());
    }

    /**
     * The tables the run page shows of a finished run's report beside its headline figures (an iperf run's directions
     * and per-second intervals, a distributed run's agents), in their order; empty for a run without a report or a
     * kind whose report the headline and latency table already show whole. The page's one question to a kind.
     */
    public final List<ReportTable> tables(RunRecord run) {
        return run.report() == null ? List.of() : tables(specType.cast(run.spec()), reportType.cast(run.report()));
    }

    protected List<ReportTable> tables(S spec, R report) {
        return List.of();
    }

    /**
     * {@code report} of a run of {@code spec} in this kind's text layout, without a record around it (a distributed
     * run's merged report of this kind); empty when the kind has none.
     *
     * @throws ClassCastException when {@code spec} or {@code report} is not this kind's
     */
    public final Optional<String> textOf(RunSpec spec, RunReport report, String histogram) {
        return text(specType.cast(spec), reportType.cast(report), histogram);
    }

    /** Adds a finished run's figures to this kind's own meters; a run without a report adds nothing. */
    public final void count(RunRecord run) {
        if (run.report() != null) {
            count(specType.cast(run.spec()), reportType.cast(run.report()));
        }
    }

    /** The figures an experiment cell reads; empty for a run without a report or a kind that drives no cell. */
    public final Optional<CellFigures> figures(RunRecord run) {
        return run.report() == null ? Optional.empty() : figuresOf(run.report());
    }

    /** As {@link #figures(RunRecord)}, of a report of this kind without its record (a run's merged parts). */
    public final Optional<CellFigures> figuresOf(RunReport report) {
        return figures(reportType.cast(report));
    }

    /**
     * True when a run of this kind can be an experiment's cell: it gives {@link #figures} to judge. Only such a kind
     * may be a variant's {@code run} (an http variant is its own fields).
     */
    public boolean drivesCells() {
        return false;
    }

    /**
     * The figures thresholds may name for this kind ({@code p99Millis}, {@code errorRate}, {@code lossPercent}), each
     * in the report's own unit; a threshold naming another is refused at POST (400 naming it). Empty: this kind
     * takes no thresholds.
     */
    public Set<String> gateFigureNames() {
        return Set.of();
    }

    /**
     * The subset of {@link #gateFigureNames} that can be judged while the run runs (from its live progress), and so
     * may carry {@code abortOnFail}.
     */
    public Set<String> liveGateFigureNames() {
        return Set.of();
    }

    /**
     * A finished run's figures that thresholds are judged on: every name of {@link #gateFigureNames} the report has
     * (a figure it lacks is absent, and a threshold on it fails), over the merged, measured part. Empty for a run
     * without a report.
     */
    public final Map<String, Double> gateFigures(RunRecord run) {
        return run.report() == null ? Map.of() : gateFigures(specType.cast(run.spec()), reportType.cast(run.report()));
    }

    /**
     * The figures thresholds are judged on of {@code report}, a run of {@code spec}, without a record around it (a
     * distributed run's merged report of this kind).
     *
     * @throws ClassCastException when {@code spec} or {@code report} is not this kind's
     */
    public final Map<String, Double> gateFiguresOf(RunSpec spec, RunReport report) {
        return gateFigures(specType.cast(spec), reportType.cast(report));
    }

    /** The live figures of a running run, for {@code abortOnFail}: names of {@link #liveGateFigureNames} only. */
    public Map<String, Double> liveGateFigures(RunSpec spec, RunProgress progress) {
        return Map.of();
    }

    /**
     * {@code spec} as a reader without the token sees it: every secret it holds (a header's value, a body) replaced by
     * {@link RunSpec#REDACTED}, names and shape kept. The stored record keeps the whole spec, to run it again.
     *
     * @param inner redacts a spec this one holds (a distributed run's part), through that spec's own kind
     */
    public final RunSpec redacted(RunSpec spec, UnaryOperator<RunSpec> inner) {
        return redact(specType.cast(spec), inner);
    }

    /**
     * {@code spec} as anyone, token or not, sees it: what nobody reads back (a TLS private key) replaced by
     * {@link RunSpec#REDACTED}. The stored record keeps it, to run the spec.
     */
    public final RunSpec keysHidden(RunSpec spec, UnaryOperator<RunSpec> inner) {
        return hideKeys(specType.cast(spec), inner);
    }

    /** The spec without what nobody reads back; the spec itself for a kind whose specs hold none. */
    protected S hideKeys(S spec, UnaryOperator<RunSpec> inner) {
        return spec;
    }

    /** The spec without its secrets; the spec itself for a kind whose specs hold none. */
    protected S redact(S spec, UnaryOperator<RunSpec> inner) {
        return spec;
    }

    /** @param histogram the run's latency histogram (HdrHistogram compressed base64, nanoseconds), or null */
    protected Optional<String> text(S spec, R report, String histogram) {
        return Optional.empty();
    }

    protected Map<String, Double> gateFigures(S spec, R report) {
        return Map.of();
    }

    protected void count(S spec, R report) {
    }

    protected Optional<CellFigures> figures(R report) {
        return Optional.empty();
    }
}
