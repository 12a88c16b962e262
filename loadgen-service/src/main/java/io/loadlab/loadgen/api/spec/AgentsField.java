package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.Violations;

/**
 * A run spec's {@code agents}: a count from 1 to {@value DistributedRunSpec#MAX_AGENTS} or {@code "all"}, on a
 * load generator that has agents, for a kind the agents can merge exactly (one whose {@code RunKind#splits}).
 */
final class AgentsField {

    static final String NAME = "agents";

    private AgentsField() {
    }

    /** The value as {@link DistributedRunSpec#agents()} keeps it; null after adding a violation naming the field. */
    static String read(JsonNode value, RunKind<?, ?> kind, RunKinds kinds, AgentDiscovery discovery, Violations v) {
        return read(value, kind, kinds, discovery, v, null);
    }

    /**
     * @param kind the kind the spec names, or null when it names none this build has
     * @param also one more word the field may hold ({@code auto} for experiments), or null
     */
    static String read(JsonNode value, RunKind<?, ?> kind, RunKinds kinds, AgentDiscovery discovery, Violations v,
                       String also) {
        String word = value.isTextual() ? value.textValue() : null;
        String agents = value.isIntegralNumber() && value.canConvertToInt() ? String.valueOf(value.intValue())
                : DistributedRunSpec.ALL.equals(word) || (also != null && also.equals(word)) ? word : null;
        boolean isWord = agents != null && agents.equals(word);
        if (agents == null || (!isWord && DistributedRunSpec.count(agents) < 1)) {
            v.add(NAME, "must be a count from 1 to " + DistributedRunSpec.MAX_AGENTS + " or \"all\""
                    + (also == null ? "" : " or \"" + also + "\""));
            return null;
        }
        if (kind == null || !kind.splits()) { // the kind says, not its name: one whose parts merge exactly
            v.add(NAME, "only " + String.join(", ", kinds.splitting()) + " runs can be spread over agents");
            return null;
        }
        if (!discovery.configured()) {
            v.add(NAME, "this load generator has no agents: set " + AgentDiscovery.PROPERTY
                    + " to their base URLs or dns:<name>:<port>");
            return null;
        }
        int known = discovery.knownCount();
        if (known >= 0 && DistributedRunSpec.count(agents) > known) {
            v.add(NAME, agents + " asked for, " + AgentDiscovery.PROPERTY + " names " + known);
            return null;
        }
        return agents;
    }
}
