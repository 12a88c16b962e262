package io.loadlab.target.metrics;

import io.loadlab.target.cores.Cores;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Tags every meter with {@code application} and {@code cores}, so one dashboard can split by service
 * and by node size. {@code cores} is the CPUs the process can run on ({@link Cores}, the rule its event
 * loops follow too), read at runtime.
 */
@Singleton
public class CommonTags {

    @Produces
    @Singleton
    MeterFilter commonTags(@ConfigProperty(name = "quarkus.application.name") String application) {
        return MeterFilter.commonTags(Tags.of(
                "application", application,
                "cores", String.valueOf(Cores.ofThisProcess())));
    }
}
