/**
 * The run contract and runs as a kind of job. {@link io.loadlab.loadgen.run.RunSpec} (what to run),
 * {@link io.loadlab.loadgen.run.LoadRun} (a run in flight: progress, cancel, outcome) and
 * {@link io.loadlab.loadgen.run.RunKind} (the one descriptor of a kind, all the rest of the loadgen asks of it: its
 * spec read from JSON, its run started, text layout, meters, experiment figures; one bean per kind,
 * found through {@link io.loadlab.loadgen.run.RunKinds}). {@link io.loadlab.loadgen.run.Runs} starts runs in the
 * {@link io.loadlab.loadgen.job.Jobs} registry and records their outcome. The spec readers' shared parts live here
 * so every kind reaches them from below: {@link io.loadlab.loadgen.run.JsonFields} (every bad field named at once)
 * {@link io.loadlab.loadgen.run.LimitsConfig} (the policy limits on what one run may ask) and the field syntaxes
 * more than one kind reads ({@link io.loadlab.loadgen.run.Durations}, {@link io.loadlab.loadgen.run.Bitrate}).
 *
 * <p>May depend on {@code job}, {@code engine}, {@code report}, CDI, SmallRye config mappings and Jackson. Names no
 * transport: kinds depend on it, never the reverse (ArchitectureTest#runContractNamesNoKind).
 */
package io.loadlab.loadgen.run;
