package io.loadlab.loadgen.distributed;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers the agent API's wire records for reflection: {@link AgentClient} hands them to Jackson by class, outside
 * any REST signature, so a native controller would otherwise read every answer as empty. The package's one Quarkus
 * type, a build-time marker kept apart so the records stay plain (the service's other registrations are in
 * {@code api.NativeJsonTypes}, which this one joins when the agent's resource is wired in).
 */
@RegisterForReflection(targets = {
        AgentInfo.class, ClockReading.class, AgentRunRequest.class, AgentRunStarted.class, IntervalBatch.class,
        IntervalSample.class, PhaseInterval.class, Counter.class})
final class AgentJsonTypes {

    private AgentJsonTypes() {
    }
}
