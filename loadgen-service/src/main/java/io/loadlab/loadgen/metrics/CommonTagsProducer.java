package io.loadlab.loadgen.metrics;

import io.loadlab.common.metrics.CommonTags;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Puts the shared {@link CommonTags} ({@code application}, {@code cores}) on every meter: the tags live once, in
 * loadlab-common; this bean only hands them to Micrometer (named apart so no second {@code CommonTags} exists).
 */
public class CommonTagsProducer {

    @Produces
    @Singleton
    MeterFilter commonTags(@ConfigProperty(name = "quarkus.application.name") String application) {
        return CommonTags.filter(application);
    }
}
