package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.gate.Comparison;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.gate.InvalidThresholdException;
import io.loadlab.loadgen.gate.Threshold;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.Violations;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run's or an experiment's {@code thresholds} and {@code baseline}, read beside the spec's own fields and never
 * part of them (a kind's reader and an agent never see them). Each threshold is checked against the figures its kind
 * names ({@link RunKind#gateFigureNames}), and {@code abortOnFail} against those it can judge live: a 400
 * names {@code thresholds.p99Millis} and lists what the kind knows.
 */
final class ThresholdsField {

    static final String NAME = "thresholds";
    static final String BASELINE = "baseline";
    /** A run's or experiment's id is 36 characters at most; 64 leaves room and bounds what is echoed. */
    static final int MAX_BASELINE_CHARS = 64;
    private static final String ID = "[A-Za-z0-9][A-Za-z0-9._-]*";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ThresholdsField() {
    }

    /** Null when absent or null; null after a violation naming the bad threshold. */
    static GateSpec read(JsonNode value, RunKind<?, ?> kind, Violations v) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            v.add(NAME, "must be an object of figure: condition, e.g. {\"p99Millis\": \"< 50\"}");
            return null;
        }
        if (value.size() > GateSpec.MAX) { // counted before anything is copied
            v.add(NAME, value.size() + " figures; at most " + GateSpec.MAX + " thresholds");
            return null;
        }
        GateSpec spec;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> written = MAPPER.convertValue(value, Map.class);
            spec = GateSpec.of(written);
        } catch (InvalidThresholdException e) {
            v.add(e.field(), e.problem());
            return null;
        }
        return kind == null || fits(spec, kind, v) ? spec : null;
    }

    /** Whether every threshold names a figure of {@code kind}, and {@code abortOnFail} only a live one. */
    static boolean fits(GateSpec spec, RunKind<?, ?> kind, Violations v) {
        Set<String> known = kind.gateFigureNames();
        Set<String> live = kind.liveGateFigureNames();
        boolean ok = true;
        for (Threshold t : spec.thresholds()) {
            String at = NAME + "." + t.figure();
            if (!known.contains(t.figure())) {
                v.add(at, known.isEmpty() ? kind.types().kind() + " runs take no thresholds"
                        : "not a figure of " + kind.types().kind() + " runs; one of " + new TreeSet<>(known));
                ok = false;
            } else if (t.abortOnFail() && !live.contains(t.figure())) {
                v.add(at, "abortOnFail needs a figure judged while the run runs; " + kind.types().kind()
                        + " runs judge " + (live.isEmpty() ? "none" : new TreeSet<>(live)) + " live");
                ok = false;
            } else if (t.abortOnFail() && COUNTS.contains(t.figure()) && !(t.comparison() == Comparison.LESS
                    || t.comparison() == Comparison.LESS_OR_EQUAL)) {
                // a count only grows: 'requests >= 100' fails at every judgement before the 100th, so it would end
                // every run at its first second; only an upper bound is crossed for good mid-run
                v.add(at, "abortOnFail on a count needs '<' or '<=': " + t.figure() + " only grows while the run "
                        + "runs, so '" + t + "' can only be judged at the end");
                ok = false;
            }
        }
        return ok;
    }

    /** Live figures that only grow while a run runs. */
    private static final Set<String> COUNTS = Set.of("requests", "errors");

    /** A baseline's id, bounded; null when absent or null. */
    static String baseline(JsonNode value, Violations v) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().length() > MAX_BASELINE_CHARS || !value.textValue().matches(ID)) {
            v.add(BASELINE, "must be a run's or an experiment's id (letters, digits, '.', '_', '-'; at most "
                    + MAX_BASELINE_CHARS + " characters)");
            return null;
        }
        return value.textValue();
    }
}
