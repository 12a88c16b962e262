/**
 * Transport-free scheduling and recording: what a run does when, and what it measured.
 *
 * <h2>Design</h2>
 * <ul>
 * <li>Time comes from an injected {@link io.loadlab.loadgen.engine.NanoClock}, so schedules and
 *     timelines are tested with a fake clock.</li>
 * <li>{@link io.loadlab.loadgen.engine.RateSchedule} is the open model (wrk2 -R): a sequence of
 *     intended send times, as Hyperfoil's {@code FireTimeSequence}. The closed model (wrk) has none:
 *     a connection sends when its previous answer arrives.</li>
 * <li>{@link io.loadlab.loadgen.engine.RunTimeline} splits a run into warm-up, measured part and end.
 *     Each event loop owns one {@link io.loadlab.loadgen.engine.PhaseStats} per phase and records an
 *     event into its request's phase: that of the intended send time in the open model (a request due in
 *     the warm-up but sent late stays a warm-up request), of the moment it was sent in the closed model.
 *     So the warm-up never reaches the report and no counter is reset under a writer's feet.</li>
 * <li>Writers are event loops and never lock: counters are plain fields published with release
 *     stores, latencies go to one HdrHistogram {@code SingleWriterRecorder} per loop and kind.
 *     {@link io.loadlab.loadgen.engine.RunStats} is the single reader: it merges intervals with the
 *     canonical recycling loop into cumulative histograms of fixed size.</li>
 * <li>Optionally the same reader also cuts the run into one-second intervals
 *     ({@link io.loadlab.loadgen.engine.IntervalSeries}, closed by an
 *     {@link io.loadlab.loadgen.engine.IntervalTicker} on any {@link io.loadlab.loadgen.engine.TaskScheduler}):
 *     per phase, the counters' increase and the interval's histograms in HdrHistogram's compressed base64.
 *     Distributed runs ship them to the controller, which adds them; time-series charts read them. The newest
 *     minutes stay whole for the readers that follow a run; older intervals shrink to an
 *     {@link io.loadlab.loadgen.engine.IntervalDigest} (what the report's per-second series needs), so a long run's
 *     heap stays flat.</li>
 * <li>A run watches its own generator: a {@link io.loadlab.loadgen.engine.LoopLagProbe} on each event loop measures
 *     how late the loop runs its timer, {@link io.loadlab.loadgen.engine.GcPauses} the JVM's collection pauses; the
 *     {@code run} package judges them against the limits and the report says when the generator was disturbed.</li>
 * </ul>
 *
 * <h2>Units</h2>
 * Nanoseconds everywhere in this package.
 *
 * <h2>Dependencies</h2>
 * The JDK and HdrHistogram only: no Quarkus, Vert.x, Netty or Jakarta type (ArchitectureTest#engineIsFreeOfFrameworks).
 */
package io.loadlab.loadgen.engine;
