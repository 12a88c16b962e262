package io.loadlab.target.metrics;

import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Puts the shared {@link io.loadlab.common.metrics.CommonTags} ({@code application}, {@code cores}) on every meter. */
public class CommonTags {

    @Produces
    @Singleton
    MeterFilter commonTags(@ConfigProperty(name = "quarkus.application.name") String application) {
        return io.loadlab.common.metrics.CommonTags.filter(application);
    }
}
