package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.experiment.ExperimentTarget;
import io.loadlab.loadgen.experiment.RunTemplate;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A variant's {@code run}: a run of another kind than http as an experiment cell ({@link RunTemplate}). Read in two
 * steps, as the experiment's own fields come after its variants: the variant itself ({@link #variant}), then each
 * template on every target's host, by its kind's own reader, with the cut that {@code agents} would make
 * ({@link #check}). Every fault is named under the variant ({@code variants[1].run.rate}), once however many targets
 * share it.
 */
final class RunField {

    static final String NAME = "run";

    private RunField() {
    }

    /** A variant with {@code run}: its {@code name} and the template; every other field is named as not with it. */
    static Variant variant(JsonFields x, JsonNode run, Violations v, String at) {
        String name = x.text("name", null);
        x.known(NAME);
        if (!(run instanceof ObjectNode obj)) {
            v.add(at + NAME, "must be a JSON object: a run spec whose target names each target's host as "
                    + RunTemplate.HOST);
            return Variant.of(new RunTemplate(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()), name);
        }
        List<String> names = x.names(at, 64);
        for (String other : names == null ? List.<String>of() : names) {
            if (!other.equals(NAME) && !other.equals("name")) {
                v.add(at + other, "not with run: the run's own fields say how its cells load");
                x.known(other);
            }
        }
        return Variant.of(new RunTemplate(obj), name);
    }

    /**
     * Checks every template variant: a known kind that drives cells (not http, whose cells are the variant's own
     * fields), no field the experiment sets, {@value RunTemplate#HOST} in its target, readable on each target, and
     * splittable over {@code onEach} agents (-1: none fixed).
     */
    static void check(List<Variant> variants, List<ExperimentTarget> targets, Duration duration, Duration warmup,
                      int onEach, boolean spread, boolean searching, boolean protocols, RunKinds kinds, Violations v) {
        for (int i = 0; i < variants.size(); i++) {
            RunTemplate t = variants.get(i).run();
            if (t == null) {
                continue;
            }
            String variant = "variants[" + i + "]";
            String at = variant + "." + NAME + ".";
            v.check(!searching, "search", "a rate search probes http variants; variants[" + i + "] is a run of "
                    + t.kind());
            v.check(!protocols, "protocols", "the protocols axis is http's; variants[" + i + "] is a run of " + t.kind());
            RunKind<?, ?> kind = kinds.named(t.kind()).orElse(null);
            if (kind == null || !kind.drivesCells() || t.kind().equals(HttpRunSpec.KIND)
                    || t.kind().equals(DistributedRunSpec.KIND)) {
                v.add(at + "kind", (t.kind().equals(HttpRunSpec.KIND) ? "an http cell is the variant's own fields"
                        : kind == null ? "is " + (t.kind().isEmpty() ? "required" : "unknown") : "gives no figures a cell is judged on")
                        + "; one of " + cellKinds(kinds));
                continue;
            }
            if (spread && !kind.splits()) {
                v.add(at + "kind", t.kind() + " runs cannot be spread over agents");
            }
            for (String set : RunTemplate.SET_BY_EXPERIMENT) {
                v.check(!t.fields().has(set), at + set, "set by the experiment for every cell");
            }
            if (!t.fields().path("target").asText("").contains(RunTemplate.HOST)) {
                v.add(at + "target", "must name each target's host as " + RunTemplate.HOST + ", e.g. udp://"
                        + RunTemplate.HOST + ":11111");
                continue;
            }
            Set<Violation> found = new LinkedHashSet<>();
            for (ExperimentTarget target : targets) {
                ObjectNode cell = t.on(target.url(), duration, warmup);
                try {
                    RunSpec spec = kinds.read(cell);
                    if (onEach > 0 && kind.splits()) {
                        kind.parts(spec, onEach);
                    }
                } catch (InvalidSpecException e) {
                    // duration and warm-up are the experiment's own: named there, for this variant's kind
                    e.violations().forEach(x -> found.add(RunTemplate.SET_BY_EXPERIMENT.contains(x.field())
                            ? new Violation(x.field(), variant + " (" + t.kind() + "): " + x.message())
                            : new Violation(at + x.field(), x.message())));
                } catch (UnsplittableSpecException e) {
                    found.add(new Violation(at + e.field(), e.getMessage().substring(e.field().length() + 2)));
                }
            }
            found.forEach(x -> v.add(x.field(), x.message()));
        }
    }

    private static List<String> cellKinds(RunKinds kinds) {
        return kinds.names().stream().filter(n -> !n.equals(HttpRunSpec.KIND) && !n.equals(DistributedRunSpec.KIND))
                .filter(n -> kinds.named(n).map(RunKind::drivesCells).orElse(false)).toList();
    }
}
