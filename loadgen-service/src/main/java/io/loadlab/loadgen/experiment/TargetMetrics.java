package io.loadlab.loadgen.experiment;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a target's CPU from its Prometheus text: {@code process_cpu_time_ns_total} (exact, cumulative) when it
 * has it, else {@code process_cpu_usage} (a 0..1 fraction of the whole machine, sampled by the JVM) with
 * {@code system_cpu_count}.
 */
final class TargetMetrics {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** One reading; each figure null when the target does not expose it. */
    record Reading(long nanos, Double cpuTimeNanos, Double cpuUsage, Double cpuCount, TargetCpuWait cpuWait) {
    }

    private TargetMetrics() {
    }

    static Reading read(URI metrics, Duration timeout, long nanos) {
        try {
            HttpRequest req = HttpRequest.newBuilder(metrics).timeout(timeout).header("Accept", "text/plain").build();
            HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? parse(r.body(), nanos) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static Reading parse(String text, long nanos) {
        return new Reading(nanos, value(text, "process_cpu_time_ns_total"), value(text, "process_cpu_usage"),
                value(text, "system_cpu_count"), new TargetCpuWait(value(text, "target_cpu_runqueue_wait_seconds_total"),
                value(text, "target_cpu_periods_total"), value(text, "target_cpu_throttled_periods_total"),
                value(text, "target_cpu_quota_cores")));
    }

    /** The value of the first sample of {@code name}, with or without labels. */
    static Double value(String text, String name) {
        Matcher m = Pattern.compile("^" + name + "(?:\\{[^}]*})?\\s+(\\S+)", Pattern.MULTILINE).matcher(text);
        if (!m.find()) {
            return null;
        }
        try {
            double v = Double.parseDouble(m.group(1));
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
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
