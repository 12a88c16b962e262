package io.loadlab.loadgen.wiring;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.ApiConfig;
import io.loadlab.loadgen.distributed.AgentClient;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.NanoClock;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Optional;

/**
 * The controller's side of distributed runs as beans: the agents {@code loadgen.agents} names (none when unset)
 * and the client that calls them with this service's own token. The {@code distributed} package carries no CDI
 * annotation, so its classes are built here, where the configuration is read.
 */
public class ControllerProducer {

    /**
     * Each call to an agent: an interval batch of one second is a few KiB, answered in milliseconds; 3 s is
     * three polls' worth, the stall after which an agent is failed anyway.
     */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(3);
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    @Produces
    @Singleton
    AgentDiscovery agentDiscovery(@ConfigProperty(name = AgentDiscovery.PROPERTY) Optional<String> agents) {
        return agents.filter(a -> !a.isBlank()).map(AgentDiscovery::parse).orElseGet(AgentDiscovery::none);
    }

    @Produces
    @Singleton
    AgentClient agentClient(ObjectMapper json, NanoClock clock, ApiConfig api) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).version(HttpClient.Version.HTTP_1_1)
                .build();
        return new AgentClient(http, json, clock, api.token().orElse(""), CALL_TIMEOUT);
    }
}
