/**
 * Micrometer meters for what {@link io.loadlab.common.cpu} reads, named under each service's prefix so both
 * services export the same series ({@code target_cpu_*}, {@code loadgen_cpu_*}).
 * <p>Depends on {@code io.loadlab.common.cpu} and micrometer-core; no Quarkus or Vert.x types (each service
 * binds these from a bean of its own).
 */
package io.loadlab.common.metrics;
