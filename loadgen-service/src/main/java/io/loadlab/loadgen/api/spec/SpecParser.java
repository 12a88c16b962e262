package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Picks the reader of a spec's {@code kind} and answers every violation of the spec at once. */
@ApplicationScoped
public class SpecParser {

    private final Map<String, SpecReader> readers = new TreeMap<>();

    @Inject
    public SpecParser(@All List<SpecReader> readers) {
        readers.forEach(r -> this.readers.put(r.runKind().kind(), r));
    }

    /** @throws InvalidSpecException naming every bad field */
    public RunSpec parse(JsonNode root) {
        Violations v = new Violations();
        if (!(root instanceof ObjectNode obj)) {
            v.add("", "a run spec must be a JSON object");
            v.throwIfAny();
            return null;
        }
        JsonNode kind = obj.get("kind");
        SpecReader reader = kind != null && kind.isTextual() ? readers.get(kind.textValue()) : null;
        if (reader == null) {
            v.add("kind", (kind == null || kind.isNull() ? "is required" : "is unknown") + "; one of " + readers.keySet());
            v.throwIfAny();
        }
        JsonFields fields = new JsonFields(obj, v);
        fields.known("kind");
        RunSpec spec = reader.read(fields);
        v.throwIfAny();
        return spec;
    }
}
