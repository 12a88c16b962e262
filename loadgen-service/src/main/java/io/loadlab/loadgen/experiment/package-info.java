/**
 * Experiments: which resource limits a target (CPU, the network, the load generator itself), found by running cells
 * (ordinary HTTP runs, through {@link io.loadlab.loadgen.run.Runs}, under the experiment's claim on the one
 * active-job slot) while sampling the target's and the loadgen's CPU, then judging each cell
 * ({@link io.loadlab.loadgen.experiment.Verdicts}). {@link io.loadlab.loadgen.experiment.Experiments} is the kind
 * of job; {@link io.loadlab.loadgen.experiment.CellRunner} runs and measures one cell.
 *
 * <p>May depend on {@code job}, {@code run} (its contract, {@link io.loadlab.loadgen.run.CellFigures}),
 * {@code engine}, {@code report}, {@code scrape}, the shared common module, and the public spec record of the kind
 * its cells run ({@code http.HttpRunSpec}); never a kind's internals.
 */
package io.loadlab.loadgen.experiment;
