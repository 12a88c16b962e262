package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.RunKindDefinition;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Picks the kind named by a spec's {@code kind}, lets it read the rest, and answers every violation at once. */
@ApplicationScoped
public class SpecParser {

    private final RunKinds kinds;

    @Inject
    public SpecParser(RunKinds kinds) {
        this.kinds = kinds;
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
        RunKindDefinition<?, ?> definition = kind != null && kind.isTextual()
                ? kinds.named(kind.textValue()).orElse(null) : null;
        if (definition == null) {
            v.add("kind", (kind == null || kind.isNull() ? "is required" : "is unknown") + "; one of " + kinds.names());
            v.throwIfAny();
        }
        JsonFields fields = new JsonFields(obj, v);
        fields.known("kind");
        RunSpec spec = definition.read(fields);
        v.throwIfAny();
        return spec;
    }
}
