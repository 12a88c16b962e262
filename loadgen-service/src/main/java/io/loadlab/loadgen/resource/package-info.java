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
 * <p>The Prometheus reader: {@link io.loadlab.loadgen.resource.PrometheusSource} checks every query before any load
 * and opens a {@link io.loadlab.loadgen.resource.PrometheusWindow} per cell, which asks one instant query per figure
 * at the cell's end; {@link io.loadlab.loadgen.resource.PrometheusApi} is the HTTP API client (a deadline on each
 * whole exchange, a capped body), whose failures are values ({@link io.loadlab.loadgen.resource.ApiFailure}) that
 * the check turns into 400s naming {@code url}, {@code preset}, {@code queries.<figure>} or {@code match}, and the
 * window into figures that are null with their reason. The check also measures how far apart Prometheus stores the
 * samples the cpu query reads ({@link io.loadlab.loadgen.resource.SampleSpacing}, over the selectors
 * {@link io.loadlab.loadgen.resource.RangeSelectors} finds): an exporter that stamps its own samples is stored more
 * sparsely than it is scraped, and a cell under two of those spacings is refused on {@code duration}.
 *
 * <p>May depend on the JDK, CDI, Jackson (the API's JSON, the spec's JSON shape), {@code scrape} (the shared HTTP
 * client, the exposition parser, the capped body), {@code run} (its {@code Violations} and
 * {@code InvalidSpecException}), {@code engine} (the clock) and the shared common module; never on {@code experiment}
 * (which depends on this package), a kind's internals, Quarkus or Vert.x.
 */
package io.loadlab.loadgen.resource;
