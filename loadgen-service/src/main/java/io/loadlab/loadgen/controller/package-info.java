/**
 * The controller's side of distributed runs (issue 12): the {@code distributed} run kind. A run posted with
 * {@code "agents": N} or {@code "all"} is a {@link io.loadlab.loadgen.controller.DistributedRunSpec} wrapping the
 * run the user described; {@link io.loadlab.loadgen.controller.ControllerRun} checks the agents (ready, same
 * version), splits the run over them, starts them at one agreed instant on their own clocks, polls their
 * one-second intervals (one {@link io.loadlab.loadgen.controller.AgentPoller} thread per agent, so no agent waits on
 * another) and merges them exactly into a {@link io.loadlab.loadgen.controller.DistributedReport}. What an agent
 * sends is checked before it is kept ({@link io.loadlab.loadgen.controller.AgentTracker}): a hostile or broken agent
 * fails, named, and the run ends whatever it does (issue 22). It is an ordinary run of the
 * {@link io.loadlab.loadgen.job.Jobs} registry: the one-active-job rule, persistence, restore, cancel, the
 * run meters (fed the merged progress) all apply unchanged.
 *
 * <h2>Dependencies</h2>
 * The run contract, the {@code distributed} package's pure parts and wire records (split, clock offset, merge,
 * agent client), the engine's counters, the report package, Jackson, and CDI/MicroProfile Config for its two
 * beans. No other kind: the part sent to each agent is cut by the spread run's own kind
 * ({@code RunKind#parts}, typed) and sent as JSON, which the agent parses and guards like any user's.
 */
package io.loadlab.loadgen.controller;
