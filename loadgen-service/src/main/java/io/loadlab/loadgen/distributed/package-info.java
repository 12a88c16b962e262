/**
 * Distributed load (issue 12): one controller, agents on many nodes, a synchronized start and an exact merge.
 *
 * <h2>Design</h2>
 * <ul>
 * <li>A spec is cut into the agents' parts by its own kind ({@code RunKind#parts}, typed), with
 *     {@link io.loadlab.loadgen.run.Split}'s exact division.</li>
 * <li>{@link io.loadlab.loadgen.distributed.ClockOffset} estimates an agent's clock against the controller's
 *     from NTP-style samples over the control channel, keeping the best round trip, and converts the agreed
 *     start into the agent's own monotonic clock (both sides use {@code System.nanoTime}: no wall clock, so an
 *     NTP step during a run moves nothing).</li>
 * <li>{@link io.loadlab.loadgen.distributed.AgentDiscovery} reads {@code loadgen.agents}: base URLs, or
 *     {@code dns:<name>:<port>} resolved at each job start (a headless Service's A records).</li>
 * <li>Agents hand over the engine's one-second intervals ({@link io.loadlab.loadgen.engine.IntervalSample});
 *     {@link io.loadlab.loadgen.distributed.IntervalMerge} adds them (histogram addition, counter sums, never
 *     an average of percentiles) and {@link io.loadlab.loadgen.distributed.MergedReportBuilder} builds the
 *     merged report with one {@link io.loadlab.loadgen.distributed.AgentSummary} per agent, partial and naming
 *     the agent when one failed.</li>
 * <li>A request mix (issue 32): each agent's part draws from its own seed
 *     ({@code SeedStreams.agentSeed}, set by the splitter); the part's report's {@code mix} comes with its last
 *     interval batch, and {@link io.loadlab.loadgen.distributed.MixMerge} merges it name by name as the totals are
 *     (counts summed, histograms added) into a {@link io.loadlab.loadgen.distributed.MixFigures}.</li>
 * <li>{@link io.loadlab.loadgen.distributed.AgentLease} is the agent's dead-man switch: a run whose controller
 *     stopped calling stops by itself.</li>
 * <li>{@link io.loadlab.loadgen.distributed.AgentClient} makes the controller's calls (JDK HTTP client, bearer
 *     token), each with a deadline on the whole exchange and a cap on what it reads
 *     ({@link io.loadlab.loadgen.scrape.BoundedBody}); the records beside it are the wire shapes.</li>
 * <li>{@link io.loadlab.loadgen.distributed.IntervalBounds} and {@link io.loadlab.loadgen.distributed.AgentText}
 *     bound what an agent may report: interval times and counts, names, failure texts;
 *     {@link io.loadlab.loadgen.distributed.PartTally} checks a part's counts against its own latency histograms and
 *     its schedule (issue 42: counts multiplied by 10 on the way passed every other check).</li>
 * </ul>
 *
 * <h2>Dependencies</h2>
 * The JDK, HdrHistogram, Jackson (the wire's JSON), the engine and report packages, run's
 * {@code Bitrate} (the one spec field with its own syntax), mix's names and seeds, and the http kind's report records
 * ({@code HttpReport}, {@code RequestReport}, {@code HttpErrors}: a mix is the one figure only that kind has). No Quarkus, Vert.x or
 * Netty type (but {@code AgentJsonTypes}, a native-image registration): the REST resources that expose this live in
 * the API package, the producers that build its beans in {@code wiring}.
 *
 * <h2>Units</h2>
 * Nanoseconds inside and on the wire's clock fields; microseconds in reports, as everywhere in the loadgen.
 */
package io.loadlab.loadgen.distributed;
