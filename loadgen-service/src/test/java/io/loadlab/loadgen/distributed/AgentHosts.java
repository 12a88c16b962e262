package io.loadlab.loadgen.distributed;

import io.loadlab.testsupport.LoadgenService;
import io.loadlab.testsupport.TargetService;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a distributed test runs the target and its agents: all on loopback ({@link LoopbackHosts}), or each agent
 * in a network namespace of its own, a separate host behind a veth pair ({@link NetnsHosts}). Controllers always run
 * here, in the root namespace, on loopback.
 */
interface AgentHosts extends AutoCloseable {

    /** The most agents a test starts: three shared, one to kill, one of another version. */
    int AGENTS = 5;

    /**
     * Starts the target where every agent reaches it; its iperf3 server takes three tests at once
     * ({@code target.iperf.max-clients=3}), one per shared agent.
     */
    TargetService target() throws Exception;

    /** Starts agent {@code i} (0 to {@link #AGENTS} - 1) on {@code data} with {@code properties}. */
    LoadgenService agent(int i, Path data, List<String> properties) throws Exception;

    /** What a controller needs beyond its agents (an allowlist naming the target), as system properties. */
    List<String> controller();

    /** Removes what the hosts themselves need; the processes are closed before. */
    @Override
    void close();
}
