package io.loadlab.loadgen.engine;

import jakarta.inject.Singleton;

/** The real clock, the bean injected wherever a {@link NanoClock} is asked for. */
@Singleton
public class SystemNanoClock implements NanoClock {

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
