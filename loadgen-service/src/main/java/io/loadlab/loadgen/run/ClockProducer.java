package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.SystemNanoClock;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/**
 * The clocks as beans, injected so tests can fix time: the wall clock for timestamps and the nano clock for
 * schedules. Produced here so the engine carries no CDI annotation (ArchitectureTest#engineIsFreeOfFrameworks).
 */
public class ClockProducer {

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    NanoClock nanoClock() {
        return new SystemNanoClock();
    }
}
