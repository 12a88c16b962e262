/**
 * Experiments: which resource limits a target (CPU, the network, the load generator itself), found by running cells
 * (ordinary HTTP runs, through {@link io.loadlab.loadgen.run.Runs}, under the experiment's claim on the one
 * active-job slot) while reading the target's figures through its {@code resource} source (its own meters or a
 * Prometheus) and sampling the loadgen's own CPU, then judging each cell with one rule set
 * ({@link io.loadlab.loadgen.experiment.Verdicts}). {@link io.loadlab.loadgen.experiment.Experiments} is the kind
 * of job; {@link io.loadlab.loadgen.experiment.CellRunner} runs and measures one cell, as a sequence of
 * {@code CellSpecs}, {@code AgentScaling}, {@code RunWaiter}, {@code CellSampling} and {@code LinkMeasure}.
 *
 * <p>May depend on {@code job}, {@code run} (its contract, {@link io.loadlab.loadgen.run.CellFigures}),
 * {@code engine}, {@code report}, {@code scrape}, {@code resource} (a target's source of figures), the shared common module, and the public spec record of the kind
 * its cells run ({@code http.HttpRunSpec}) and the request mix's records a variant carries to it ({@code mix}); never
 * a kind's internals. MicroProfile OpenAPI's annotations say how its records read in the API's document.
 */
package io.loadlab.loadgen.experiment;
