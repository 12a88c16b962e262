package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.run.RunSpec;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A run spread over agents: the run the user described, and how many agents share it.
 *
 * @param agents as the user wrote it: a count {@code "1"}..{@value #MAX_AGENTS}, or {@code "all"} (every agent
 *               discovered when the run starts)
 * @param run    the run itself, validated as a local run of its kind would be; each agent gets a part of it
 */
public record DistributedRunSpec(String agents, RunSpec run) implements RunSpec {

    public static final String KIND = "distributed";
    public static final String ALL = "all";
    /**
     * The most agents one run may use: the controller polls each once a second over its own connection, and 64
     * answers of one interval each (about 40 KiB at most) is under 3 MiB a second to merge.
     */
    public static final int MAX_AGENTS = 64;

    public DistributedRunSpec {
        Objects.requireNonNull(run, "run");
        if (run instanceof DistributedRunSpec) {
            throw new IllegalArgumentException("a distributed run's part cannot itself be distributed");
        }
        if (!ALL.equals(agents) && count(agents) < 1) {
            throw new IllegalArgumentException("agents must be \"all\" or a count from 1 to " + MAX_AGENTS + ", was " + agents);
        }
    }

    /** The count asked for, or -1 for {@code all} or anything that is not a count in range. */
    public static int count(String agents) {
        if (agents == null || !agents.matches("[0-9]{1,3}")) {
            return -1;
        }
        int n = Integer.parseInt(agents);
        return n >= 1 && n <= MAX_AGENTS ? n : -1;
    }

    /** How many of {@code available} agents this run uses: its count, or all of them. */
    public int agentsOf(int available) {
        return ALL.equals(agents) ? available : count(agents);
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public URI target() {
        return run.target();
    }

    @Override
    public Duration duration() {
        return run.duration();
    }

    @Override
    public Duration warmup() {
        return run.warmup();
    }

    @Override
    public List<URI> destinations() {
        return run.destinations();
    }
}
