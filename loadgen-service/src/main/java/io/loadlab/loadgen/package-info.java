/**
 * The load generator: a traffic gun driven by a REST API, whose numbers must be true.
 *
 * <h2>Packages</h2>
 * <ul>
 * <li>{@code api} - REST resources, request/response records, validation answers (4xx naming fields), guards.</li>
 * <li>{@code job} - the one registry of jobs (runs, experiments): store, restore, retention, cancel and the
 *     one active-job rule.</li>
 * <li>{@code run} - the one run contract ({@link io.loadlab.loadgen.run.RunSpec},
 *     {@link io.loadlab.loadgen.run.LoadRun},
 *     {@link io.loadlab.loadgen.run.RunKind}), runs as a kind of job, and what every kind's spec
 *     reader shares (JSON fields, policy limits).</li>
 * <li>{@code experiment} - what limits a target: cells of HTTP runs, measured and judged.</li>
 * <li>{@code scrape} - reading other services' Prometheus text.</li>
 * <li>{@code engine} - transport-free scheduling: closed and open models, rate, injected clock,
 *     per-event-loop latency recording.</li>
 * <li>{@code http}, {@code udp.throughput}, {@code udp.pingpong}, {@code udp.underload} - the run kinds, each one
 *     package: a spec record, its report and its {@code RunKind} bean, the one descriptor (spec read
 *     from JSON, run started, text layout, meters). {@code udp} is the base the three UDP kinds share: the socket loop,
 *     sockperf's message and text layout, the figures every UDP run measures. Adding a kind is its package and
 *     its descriptor bean, with its own {@code *JsonTypes} registration for a native build.</li>
 * <li>{@code iperf} - the iperf run kind: iperf3's client, TCP and UDP, streams, both directions.</li>
 * <li>{@code controller} - the {@code distributed} kind: one run spread over agents, merged exactly;
 *     {@code distributed} - what controller and agents share (split, clock offset, merge, the agent API's client
 *     and the agent's side of a part).</li>
 * <li>{@code calibrate} - the loadgen's own ceiling against loopback responders; {@code stats} - medians and
 *     bootstrap intervals for repeats.</li>
 * <li>{@code page} - the HTML run, experiment and compare pages (Qute) and the console's server side.</li>
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
