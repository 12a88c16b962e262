/**
 * Where a target's resource figures come from: the CPU it used, its CPU limit, how often that limit throttled it,
 * how long it waited for a CPU, and the bytes it sent. {@link io.loadlab.loadgen.resource.ResourceSpec} names the
 * source in an experiment target; a {@link io.loadlab.loadgen.resource.ResourceSource} reads it around one cell
 * ({@link io.loadlab.loadgen.resource.ResourceWindow}) into {@link io.loadlab.loadgen.resource.ResourceFigures},
 * which the experiment's one rule set judges whatever the source. Sources: {@code builtin} (our target's own
 * {@code /q/metrics}) and {@code prometheus} (PromQL over the Prometheus HTTP API, with the {@link
 * io.loadlab.loadgen.resource.Preset presets} for cAdvisor, node-exporter, any instrumented process, or the user's
 * own queries).
 *
 * <p>May depend on the JDK, CDI, {@code scrape} (the shared HTTP client and the exposition parser), {@code run}
 * (its {@code Violations}), {@code engine} (the clock) and the shared common module; never on {@code experiment}
 * (which depends on this package), a kind's internals, Quarkus or Vert.x.
 */
package io.loadlab.loadgen.resource;
