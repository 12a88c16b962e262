package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.Violations;

import java.util.List;
import java.util.Map;

/**
 * A variant's request mix ({@code requests}, {@code values}, {@code seed}) read by the http kind's own reader, as an
 * http run's: the same bounds, the same data files, the same 400s, named under the variant
 * ({@code variants[1].requests[0].weight}), the variant's headers with them (they go to every entry, and a
 * placeholder there is checked against its values). What depends on the rest of the variant (its path, each target's
 * url) is checked again when the cells' runs are built ({@code VariantChecks}).
 */
final class MixField {

    static final List<String> NAMES = List.of("requests", "values", "seed");
    /** An http run target no run ever goes to: only the mix around it is read. */
    private static final String PLACEHOLDER = "http://mix.invalid/";

    /** What a variant carries of a mix; every field null when it has none. */
    record Mix(List<RequestSpec> requests, Map<String, ValueSpec> values, Long seed) {
        static final Mix NONE = new Mix(null, null, null);
    }

    private MixField() {
    }

    /** @param at the variant's prefix, {@code variants[1].} */
    static Mix read(JsonFields variant, RunKind<HttpRunSpec, ?> http, Violations v, String at) {
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        run.put("target", PLACEHOLDER);
        for (String name : NAMES) {
            JsonNode node = variant.raw(name);
            if (node != null) {
                run.set(name, node);
            }
        }
        if (run.size() == 1) {
            return Mix.NONE;
        }
        JsonNode headers = variant.raw("headers");
        if (headers != null) { // they go to every entry: a placeholder in them is checked against its values too
            run.set("headers", headers);
        }
        Violations own = new Violations();
        HttpRunSpec spec = http.read(new JsonFields(run, own));
        own.list().stream().filter(x -> !"headers".equals(x.field())) // their shape is the experiment reader's to name
                .forEach(x -> v.add(at + x.field(), x.message()));
        if (spec == null) {
            return Mix.NONE;
        }
        return new Mix(spec.requests(), spec.values(), run.has("seed") ? spec.seed() : null);
    }
}
