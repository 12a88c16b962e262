package io.loadlab.loadgen.metrics;

import io.loadlab.loadgen.cores.Cores;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.List;

/**
 * Tags every meter with {@code application} and {@code cores} (the CPUs this process can run on,
 * {@link Cores}: the rule its event loops follow too; read at run time, never at build time), so
 * dashboards split by service and node size.
 */
public class CommonTags {

    @Produces
    @Singleton
    MeterFilter commonTags(@ConfigProperty(name = "quarkus.application.name") String application) {
        return MeterFilter.commonTags(List.of(Tag.of("application", application),
                Tag.of("cores", Integer.toString(Cores.ofThisProcess()))));
    }
}
