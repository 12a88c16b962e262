package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.Violations;

/**
 * A run spec's {@code agents}: a count from 1 to {@value DistributedRunSpec#MAX_AGENTS} or {@code "all"}, on a
 * load generator that has agents, for a kind the agents can merge exactly (HTTP: its intervals carry every
 * counter and histogram its report has).
 */
final class AgentsField {

    static final String NAME = "agents";

    private AgentsField() {
    }

    /** The value as {@link DistributedRunSpec#agents()} keeps it; null after adding a violation naming the field. */
    static String read(JsonNode value, JsonNode kind, AgentDiscovery discovery, Violations v) {
        return read(value, kind, discovery, v, null);
    }

    /**
     * @param also one more word the field may hold ({@code auto} for experiments), or null
     */
    static String read(JsonNode value, JsonNode kind, AgentDiscovery discovery, Violations v, String also) {
        String word = value.isTextual() ? value.textValue() : null;
        String agents = value.isIntegralNumber() && value.canConvertToInt() ? String.valueOf(value.intValue())
                : DistributedRunSpec.ALL.equals(word) || (also != null && also.equals(word)) ? word : null;
        boolean isWord = agents != null && agents.equals(word);
        if (agents == null || (!isWord && DistributedRunSpec.count(agents) < 1)) {
            v.add(NAME, "must be a count from 1 to " + DistributedRunSpec.MAX_AGENTS + " or \"all\""
                    + (also == null ? "" : " or \"" + also + "\""));
            return null;
        }
        if (kind == null || !HttpRunSpec.KIND.equals(kind.asText())) {
            v.add(NAME, "only http runs can be spread over agents");
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
