package io.loadlab.loadgen.run;

import io.loadlab.loadgen.gate.GateText;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** Every kind of run installed, by its name: the one place code outside a kind finds it, and the only collector of {@link RunKind} beans. */
@ApplicationScoped
public class RunKinds {

    private final Map<String, RunKind<?, ?>> kinds = new TreeMap<>();

    /** @throws IllegalStateException when two kinds share a name, a spec record or a report record (naming both) */
    @Inject
    public RunKinds(@All List<RunKind<?, ?>> definitions) {
        for (RunKind<?, ?> d : definitions) {
            if (kinds.put(d.types().kind(), d) != null) {
                throw new IllegalStateException("two definitions of run kind " + d.types().kind());
            }
        }
        KindTypes.requireDistinct(types());
    }

    /** Every kind's name with its spec and report records, for the JSON shape of runs ({@link RunJson}). */
    public List<KindTypes> types() {
        return kinds.values().stream().map(RunKind::types).toList();
    }

    /**
     * A spec read by the kind its {@code kind} names, every bad field named ({@code kind} itself when it names none).
     *
     * @throws InvalidSpecException naming every bad field
     */
    public RunSpec read(com.fasterxml.jackson.databind.node.ObjectNode obj) {
        Violations v = new Violations();
        com.fasterxml.jackson.databind.JsonNode kind = obj.get("kind");
        RunKind<?, ?> definition = kind != null && kind.isTextual() ? kinds.get(kind.textValue()) : null;
        if (definition == null) {
            v.add("kind", (kind == null || kind.isNull() ? "is required" : "is unknown") + "; one of " + names());
            v.throwIfAny();
        }
        JsonFields fields = new JsonFields(obj, v);
        fields.known("kind");
        RunSpec spec = definition.read(fields);
        v.throwIfAny();
        return spec;
    }

    /** The names in {@code "kind"}, sorted. */
    public Set<String> names() {
        return Collections.unmodifiableSet(kinds.keySet());
    }

    /** The definition of the kind named so; empty for a name no kind answers to. */
    public Optional<RunKind<?, ?>> named(String kind) {
        return Optional.ofNullable(kinds.get(kind));
    }

    /**
     * The kind named {@code kind} whose specs are {@code specType}, typed, so a caller that needs one kind's own reader
     * (an experiment's http cells) gets its spec without casting it; empty when there is none by that name and type.
     */
    @SuppressWarnings("unchecked") // checked: the kind's spec type is specType
    public <S extends RunSpec> Optional<RunKind<S, ?>> named(String kind, Class<S> specType) {
        return named(kind).filter(k -> k.types().specType() == specType).map(k -> (RunKind<S, ?>) k);
    }

    /**
     * A finished run's report in its kind's text layout, ending with its gate when it was judged ({@link GateText});
     * empty when the kind has none (or is not installed here).
     */
    public Optional<String> text(RunRecord run) {
        return of(run).flatMap(d -> d.text(run)).map(text -> run.gate() == null ? text
                : text + (text.endsWith("\n") ? "" : "\n") + GateText.lines(run.gate()));
    }

    /** The names of the kinds whose runs can be spread over agents ({@link RunKind#splits}), sorted. */
    public List<String> splitting() {
        return kinds.values().stream().filter(RunKind::splits).map(k -> k.types().kind()).toList();
    }

    /** What a per-second series of {@code kind} counts ({@link RunKind#countNoun}); requests for a kind not installed. */
    public String countNoun(String kind) {
        return named(kind).map(RunKind::countNoun).orElse("requests");
    }

    /** Each kind with a text layout and its layout's name, e.g. {@code http (wrk)}, sorted by kind. */
    public List<String> textLayouts() {
        return kinds.values().stream().flatMap(k -> k.textLayout().map(l -> k.types().kind() + " (" + l + ")").stream())
                .toList();
    }

    /** The tables a finished run's page shows of its report ({@link RunKind#tables}); none for a kind not installed. */
    public List<ReportTable> tables(RunRecord run) {
        return of(run).map(d -> d.tables(run)).orElse(List.of());
    }

    /** Adds a finished run's figures to its kind's own meters; a kind not installed here has none. */
    public void count(RunRecord run) {
        of(run).ifPresent(d -> d.count(run));
    }

    /** The figures an experiment cell reads from a finished run; empty when its kind gives none. */
    public Optional<CellFigures> figures(RunRecord run) {
        return of(run).flatMap(d -> d.figures(run));
    }

    /** A finished run's figures thresholds are judged on ({@link RunKind#gateFigures}); empty without. */
    public java.util.Map<String, Double> gateFigures(RunRecord run) {
        return of(run).map(d -> d.gateFigures(run)).orElse(java.util.Map.of());
    }

    /**
     * {@code run} as a reader without the token sees it: its spec's secrets redacted by its kind
     * ({@link RunKind#redacted}); a kind not installed here is shown as it is.
     */
    public RunRecord redacted(RunRecord run) {
        return run.withSpec(redacted(run.spec()));
    }

    /** {@code run} as a reader with the token sees it: what nobody reads back (a TLS private key) hidden. */
    public RunRecord keysHidden(RunRecord run) {
        return run.withSpec(keysHidden(run.spec()));
    }

    private RunSpec keysHidden(RunSpec spec) {
        return named(spec.kind()).map(d -> d.keysHidden(spec, this::keysHidden)).orElse(spec);
    }

    private RunSpec redacted(RunSpec spec) {
        return named(spec.kind()).map(d -> d.redacted(spec, this::redacted)).orElse(spec);
    }

    /** Empty for a run of a kind this build does not install (a record restored from another build). */
    private Optional<RunKind<?, ?>> of(RunRecord run) {
        return named(run.spec().kind());
    }
}
