package io.loadlab.loadgen.api;

import io.loadlab.loadgen.distributed.AgentParts;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.Runs;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The agent's parts of distributed runs as a bean: {@link AgentParts} itself carries no CDI annotation. */
public class AgentPartsProducer {

    @Produces
    @Singleton
    AgentParts agentParts(Runs runs, ActiveJob slot, NanoClock clock, IntervalScheduler scheduler) {
        return new AgentParts(runs, slot, clock, scheduler);
    }
}
