package io.loadlab.loadgen.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.distributed.AgentEndpoint;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.UnknownHostException;
import java.util.List;

/**
 * Starts distributed runs: resolves the agents at each start (a headless Service's pods as they are now) and
 * hands the run to its own {@link ControllerRun}. {@link DistributedKind}'s helper; application scoped, so
 * that its proxy breaks the cycle ObjectMapper - RunKinds - DistributedKind - this - ObjectMapper (a singleton here
 * overflowed the stack at startup).
 */
@ApplicationScoped
class DistributedRunDriver {

    private final RunKinds kinds;
    private final AgentDiscovery discovery;
    private final AgentClient client;
    private final ObjectMapper json;
    private final NanoClock clock;
    private final String version;

    @Inject
    DistributedRunDriver(RunKinds kinds, AgentDiscovery discovery, AgentClient client, ObjectMapper json, NanoClock clock,
                                @ConfigProperty(name = "loadgen.agent.version") String version) {
        this.kinds = kinds;
        this.discovery = discovery;
        this.client = client;
        this.json = json;
        this.clock = clock;
        this.version = version;
    }

    /** The kind of the runs spread, by name; empty for a kind not installed here. */
    java.util.Optional<RunKind<?, ?>> kind(String name) {
        return kinds.named(name);
    }

    /**
     * @throws IllegalStateException when fewer agents are found than the spec asks for (the run is recorded as
     *                               failed to start, naming the count and the setting)
     */
    LoadRun start(DistributedRunSpec d) {
        List<AgentEndpoint> found;
        try {
            found = discovery.agents();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(AgentDiscovery.PROPERTY + " found no agent: " + e.getMessage(), e);
        }
        int n = d.agentsOf(found.size());
        if (n < 1 || n > found.size()) {
            throw new IllegalStateException("the run asks for " + d.agents() + " agents; " + AgentDiscovery.PROPERTY
                    + " gives " + found.size());
        }
        RunKind<?, ?> kind = kinds.named(d.run().kind())
                .orElseThrow(() -> new IllegalStateException("no kind " + d.run().kind() + " to split"));
        return new ControllerRun(d, kind, found.subList(0, n), client, json, clock, version).start();
    }
}
