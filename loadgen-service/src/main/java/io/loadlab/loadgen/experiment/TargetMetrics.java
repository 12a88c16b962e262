package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.scrape.PrometheusText;
import io.loadlab.loadgen.scrape.Scraper;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Reads a target's CPU from its Prometheus text: {@code process_cpu_time_ns_total} (exact, cumulative) when it
 * has it, else {@code process_cpu_usage} (a 0..1 fraction of the whole machine, sampled by the JVM) with
 * {@code system_cpu_count}. A further figure is one more {@link Reading} component and one more line in
 * {@link #parse}; the fetch ({@link Scraper}, the service's one HTTP client) and the parser
 * ({@link PrometheusText}) are shared with the UDP path.
 */
@Singleton
public class TargetMetrics {

    private final Scraper scraper;

    /** One reading; each figure null when the target does not expose it. */
    record Reading(long nanos, Double cpuTimeNanos, Double cpuUsage, Double cpuCount, TargetCpuWait cpuWait) {
    }

    @Inject
    public TargetMetrics(Scraper scraper) {
        this.scraper = scraper;
    }

    /** One reading taken now, or null when the target's metrics cannot be read (a cell then lacks that figure). */
    Reading read(URI metrics, Duration timeout, long nanos) {
        try {
            return parse(scraper.fetch(metrics, timeout), nanos);
        } catch (IOException e) {
            return null;
        }
    }

    static Reading parse(String text, long nanos) {
        return new Reading(nanos, value(text, "process_cpu_time_ns_total"), value(text, "process_cpu_usage"),
                value(text, "system_cpu_count"), new TargetCpuWait(value(text, "target_cpu_runqueue_wait_seconds_total"),
                value(text, "target_cpu_periods_total"), value(text, "target_cpu_throttled_periods_total"),
                value(text, "target_cpu_quota_cores")));
    }

    /** The value of the first sample of {@code name}, with or without labels; null when absent or not finite. */
    static Double value(String text, String name) {
        OptionalDouble v = PrometheusText.first(text, name);
        return v.isPresent() ? v.getAsDouble() : null;
    }

    /**
     * The target's utilisation of its {@code cores} between the first and last reading: CPU time / (wall x cores)
     * when CPU time is exposed, else the mean of {@code process_cpu_usage x system_cpu_count / cores}. Null when
     * fewer than two readings (or no usable figure) were taken.
     */
    static Double utilisation(List<Reading> readings, int cores) {
        if (readings.size() < 2) {
            return null;
        }
        Reading first = readings.get(0);
        Reading last = readings.get(readings.size() - 1);
        if (first.cpuTimeNanos() != null && last.cpuTimeNanos() != null && last.nanos() > first.nanos()) {
            return (last.cpuTimeNanos() - first.cpuTimeNanos()) / ((last.nanos() - first.nanos()) * (double) cores);
        }
        double sum = 0;
        int n = 0;
        for (Reading r : readings) {
            if (r.cpuUsage() != null && r.cpuCount() != null) {
                sum += r.cpuUsage() * r.cpuCount() / cores;
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
