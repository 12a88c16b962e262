package io.loadlab.target.metrics;

import io.loadlab.common.cpu.CpuWaits;
import io.loadlab.common.metrics.CpuWaitMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Exports what this process waited for CPU as {@code target_cpu_*} (run-queue wait, cgroup throttling and quota; see
 * {@link CpuWaitMeters}): CPU time alone calls a process that shares its cores or runs out of quota half idle.
 * The files are found at startup, at runtime (a native image reads the machine it runs on).
 */
@Startup
@ApplicationScoped
public class CpuWaitBinding {

    /** Held for the application's life: Micrometer holds what its function counters and gauges read only weakly. */
    private final CpuWaitMeters meters;

    @Inject
    public CpuWaitBinding(MeterRegistry registry) {
        meters = new CpuWaitMeters("target", CpuWaits.ofSelf());
        meters.bindTo(registry);
    }
}
