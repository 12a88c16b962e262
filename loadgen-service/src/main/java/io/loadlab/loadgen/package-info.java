/**
 * The load generator: a traffic gun driven by a REST API, whose numbers must be true.
 *
 * <h2>Packages</h2>
 * <ul>
 * <li>{@code api} - REST resources, request/response records, validation answers (4xx naming fields), guards.</li>
 * <li>{@code job} - the one registry of jobs (runs, experiments): store, restore, retention, cancel and the
 *     one active-job rule.</li>
 * <li>{@code run} - the one run contract ({@link io.loadlab.loadgen.run.RunSpec},
 *     {@link io.loadlab.loadgen.run.RunDriver}, {@link io.loadlab.loadgen.run.LoadRun},
 *     {@link io.loadlab.loadgen.run.RunKindDefinition}) and runs as a kind of job.</li>
 * <li>{@code experiment} - what limits a target: cells of HTTP runs, measured and judged.</li>
 * <li>{@code scrape} - reading other services'"'"' Prometheus text.</li>
 * <li>{@code engine} - transport-free scheduling: closed and open models, rate, injected clock,
 *     per-event-loop latency recording.</li>
 * <li>{@code http}, {@code udp} - transports and their kinds: each kind contributes a spec record, a
 *     {@code RunDriver}, its report and its {@code RunKindDefinition} bean (text layout, meters).</li>
 * <li>{@code report} - percentiles and histogram export, shared by every kind.</li>
 * <li>{@code metrics} - the Micrometer binding read by Prometheus and Grafana.</li>
 * </ul>
 * Arrows point down: {@code api} over {@code experiment} over {@code run}/{@code job}; kinds on {@code run};
 * {@code engine} and {@code report} at the bottom. ArchitectureTest holds these rules.
 *
 * <h2>Units</h2>
 * Nanoseconds inside (histograms record nanoseconds), microseconds in JSON reports, seconds in Prometheus.
 */
package io.loadlab.loadgen;
