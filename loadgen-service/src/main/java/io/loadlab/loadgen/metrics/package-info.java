/**
 * The Micrometer binding Prometheus and Grafana read: live meters from the active runs' progress
 * ({@link io.loadlab.loadgen.metrics.LoadgenMeters}), the common tags and the CPU-wait meters. Kind-specific
 * counters are each kind's own, reached through {@link io.loadlab.loadgen.run.RunKindDefinition#count}.
 *
 * <p>May depend on {@code run}, {@code report}, the shared common module, Micrometer and CDI; never a kind.
 */
package io.loadlab.loadgen.metrics;
