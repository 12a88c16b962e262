/**
 * The Micrometer binding Prometheus and Grafana read: live meters from the active runs' progress
 * ({@link io.loadlab.loadgen.metrics.LoadgenMeters}), the measured latency as a Prometheus histogram fed a second's
 * HdrHistogram at a time ({@link io.loadlab.loadgen.metrics.LatencyHistogramBinding}), the common tags and the
 * CPU-wait meters. Kind-specific counters are each kind's own, reached through
 * {@link io.loadlab.loadgen.run.RunKind#count}.
 *
 * <p>May depend on {@code run}, {@code engine}'s interval series, {@code report}, the shared common module,
 * Micrometer, the Prometheus client Micrometer's registry is built on, and CDI; never a kind.
 */
package io.loadlab.loadgen.metrics;
