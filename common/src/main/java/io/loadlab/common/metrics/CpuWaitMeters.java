package io.loadlab.common.metrics;

import io.loadlab.common.cpu.CpuController;
import io.loadlab.common.cpu.CpuStat;
import io.loadlab.common.cpu.CpuWaits;
import io.loadlab.common.cpu.RunQueueWait;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.function.ToLongFunction;

/**
 * In Prometheus terms, with {@code prefix} {@code target}: {@code target_cpu_runqueue_wait_seconds_total} (only
 * where the kernel has schedstat), and from the cgroup's CPU controller (only where there is one)
 * {@code target_cpu_periods_total}, {@code target_cpu_throttled_periods_total},
 * {@code target_cpu_throttled_seconds_total} and the gauge {@code target_cpu_quota_cores} (+Inf without a quota).
 * Counters read the files when scraped; an unreadable file reads as NaN, which Prometheus drops, rather than as a
 * reset to 0.
 * <p>Keep this binder referenced while the meters should read: Micrometer holds a function counter's and a gauge's
 * object weakly, and once collected they repeat their last value (counters, 0 if never scraped) or read NaN. Found the
 * hard way: an interpreted target's first GC froze its wait at 0 before the first scrape.
 */
public final class CpuWaitMeters implements MeterBinder {

    private final String prefix;
    private final CpuWaits waits;

    public CpuWaitMeters(String prefix, CpuWaits waits) {
        this.prefix = prefix;
        this.waits = waits;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        waits.runQueueWait().ifPresent(w -> FunctionCounter.builder(prefix + ".cpu.runqueue.wait", w, RunQueueWait::totalSeconds)
                .baseUnit("seconds").description("Time this process's threads were runnable but waiting for a CPU "
                        + "(schedstat), CFS throttling included").register(registry));
        waits.cgroup().ifPresent(c -> {
            stat(registry, c, "periods", null, CpuStat::periods, 1,
                    "CFS enforcement periods in which this process's cgroup had work (0 without a quota)");
            stat(registry, c, "throttled.periods", null, CpuStat::throttledPeriods, 1,
                    "CFS periods in which this process's cgroup used up its quota and was throttled");
            stat(registry, c, "throttled", "seconds", CpuStat::throttledNanos, 1e-9,
                    "Time this process's cgroup spent throttled by its CFS quota");
            Gauge.builder(prefix + ".cpu.quota.cores", c, g -> g.quotaCores().orElse(Double.NaN))
                    .description("CFS quota of this process's cgroup in cores (quota / period), +Inf without a quota")
                    .register(registry);
        });
    }

    private void stat(MeterRegistry registry, CpuController c, String name, String unit, ToLongFunction<CpuStat> figure,
                      double scale, String help) {
        FunctionCounter.builder(prefix + ".cpu." + name, c, g -> g.stat().map(s -> figure.applyAsLong(s) * scale).orElse(Double.NaN))
                .baseUnit(unit).description(help).register(registry);
    }
}
