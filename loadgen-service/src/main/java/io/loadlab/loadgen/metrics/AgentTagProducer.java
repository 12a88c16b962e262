package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.distributed.AgentName;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Optional;

/**
 * Puts {@code agent} (this process's {@link AgentName}) on every meter, so a dashboard splits a distributed run's
 * rate, errors and saturation by agent. One value per process: bounded.
 */
public class AgentTagProducer {

    @Produces
    @Singleton
    MeterFilter agentTag(@ConfigProperty(name = "loadgen.agent.name") Optional<String> name) {
        return MeterFilter.commonTags(Tags.of("agent", AgentName.of(name)));
    }
}
