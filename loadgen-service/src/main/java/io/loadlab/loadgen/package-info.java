/**
 * The load generator: a traffic gun driven by a REST API, whose numbers must be true.
 *
 * <h2>Packages</h2>
 * <ul>
 * <li>{@code api} - REST resources, request/response records, validation answers (4xx naming fields), guards.</li>
 * <li>{@code run} - the one run contract ({@link io.loadlab.loadgen.run.RunSpec},
 *     {@link io.loadlab.loadgen.run.RunDriver}, {@link io.loadlab.loadgen.run.LoadRun}), the registry of
 *     runs, their lifecycle and their persistence.</li>
 * <li>{@code engine} - transport-free scheduling: closed and open models, rate, injected clock,
 *     per-event-loop latency recording.</li>
 * <li>{@code http}, {@code udp} - transports: each contributes a spec record, a {@code RunDriver} and its report.</li>
 * <li>{@code report} - percentiles, text rendering, histogram export.</li>
 * <li>{@code metrics} - the Micrometer binding read by Prometheus and Grafana.</li>
 * </ul>
 *
 * <h2>Units</h2>
 * Nanoseconds inside (histograms record nanoseconds), microseconds in JSON reports, seconds in Prometheus.
 */
package io.loadlab.loadgen;
