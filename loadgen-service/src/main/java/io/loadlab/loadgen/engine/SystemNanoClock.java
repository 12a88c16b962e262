package io.loadlab.loadgen.engine;

/** The real clock, injected wherever a {@link NanoClock} is asked for (the bean is produced in {@code run}). */
public class SystemNanoClock implements NanoClock {

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }
}
