package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.run.UnsplittableSpecException;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Picks the kind named by a spec's {@code kind}, lets it read the rest, and answers every violation at once. */
@ApplicationScoped
public class SpecParser {

    private final RunKinds kinds;
    private final AgentDiscovery agents;

    @Inject
    public SpecParser(RunKinds kinds, AgentDiscovery agents) {
        this.kinds = kinds;
        this.agents = agents;
    }

    /**
     * A user's run with what it is judged against: {@code thresholds} and {@code baseline} taken out before the
     * kind's reader (and an agent) sees the rest, read as {@link #parseRun} reads it; the thresholds are checked
     * against the figures of the run's kind, a distributed run's merged ones when it names {@code agents}.
     *
     * @throws InvalidSpecException naming every bad field, the thresholds' included
     */
    public AskedRun parseAsked(JsonNode root) {
        if (!(root instanceof ObjectNode obj) || !(obj.has(ThresholdsField.NAME) || obj.has(ThresholdsField.BASELINE))) {
            return new AskedRun(parseRun(root), null, null);
        }
        ObjectNode rest = obj.deepCopy();
        JsonNode thresholds = rest.remove(ThresholdsField.NAME);
        JsonNode baseline = rest.remove(ThresholdsField.BASELINE);
        Violations v = new Violations();
        JsonNode kind = rest.get("kind");
        RunKind<?, ?> judged = rest.has(AgentsField.NAME) ? kinds.named(DistributedRunSpec.KIND).orElse(null)
                : kind != null && kind.isTextual() ? kinds.named(kind.textValue()).orElse(null) : null;
        GateSpec gate = ThresholdsField.read(thresholds, judged, v);
        String base = ThresholdsField.baseline(baseline, v);
        RunSpec run = null;
        try {
            run = parseRun(rest);
        } catch (InvalidSpecException e) {
            v.addAll(e.violations());
        }
        v.throwIfAny();
        return new AskedRun(run, gate, base);
    }

    /**
     * A user's run: as {@link #parse}, and with {@code agents} a {@link DistributedRunSpec} of the run the rest
     * describes. The rest is read exactly as a local run, so every field is named as it would be there.
     *
     * @throws InvalidSpecException naming every bad field, {@code agents} included
     */
    public RunSpec parseRun(JsonNode root) {
        if (!(root instanceof ObjectNode obj) || !obj.has(AgentsField.NAME)) {
            return parse(root);
        }
        ObjectNode local = obj.deepCopy();
        JsonNode value = local.remove(AgentsField.NAME);
        Violations v = new Violations();
        JsonNode kindNode = obj.get("kind");
        RunKind<?, ?> kind = kindNode != null && kindNode.isTextual() ? kinds.named(kindNode.textValue()).orElse(null) : null;
        String count = AgentsField.read(value, kind, kinds, agents, v);
        RunSpec run = null;
        try {
            run = parse(local);
        } catch (InvalidSpecException e) {
            v.addAll(e.violations());
        }
        int n = count == null ? -1 : DistributedRunSpec.ALL.equals(count) ? agents.knownCount() : DistributedRunSpec.count(count);
        if (run != null && n > 0) { // the same cut the controller makes, so a part too small is named now, not at the start
            try {
                kinds.named(run.kind()).orElseThrow().parts(run, n);
            } catch (UnsplittableSpecException e) {
                v.add(e.field(), e.getMessage().substring(e.field().length() + 2));
            }
        }
        v.throwIfAny();
        return new DistributedRunSpec(count, run);
    }

    /** @throws InvalidSpecException naming every bad field */
    public RunSpec parse(JsonNode root) {
        Violations v = new Violations();
        if (!(root instanceof ObjectNode obj)) {
            v.add("", "a run spec must be a JSON object");
            v.throwIfAny();
            return null;
        }
        return kinds.read(obj);
    }
}
