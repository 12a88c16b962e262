package io.loadlab.common.metrics;

import io.loadlab.common.cores.Cores;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;

/**
 * The tags on every meter of both services: {@code application} and {@code cores} (the CPUs the process can
 * run on, {@link Cores}: the rule its event loops follow too; read at run time, never at build time), so one
 * dashboard splits by service and by node size. Each service produces it as a bean.
 */
public final class CommonTags {

    private CommonTags() {
    }

    public static MeterFilter filter(String application) {
        return MeterFilter.commonTags(Tags.of(
                "application", application,
                "cores", String.valueOf(Cores.ofThisProcess())));
    }
}
