package io.loadlab.loadgen.wiring;

import io.loadlab.common.cores.Cores;
import io.loadlab.common.cpu.ProcessCpu;
import io.loadlab.common.cpu.ThreadSchedstats;
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
        return new AgentParts(runs, slot, clock, scheduler, AgentPartsProducer::processCpuNanos, Cores.ofThisProcess(),
                () -> ThreadSchedstats.read(ThreadSchedstats.SELF));
    }

    /** The process's CPU time; 0 where the platform gives none (the saturation then reads 0). */
    private static long processCpuNanos() {
        return Math.max(0, ProcessCpu.totalNanos());
    }
}
