package io.loadlab.loadgen.engine;

/** A clock that moves only when told to. */
public final class FakeClock implements NanoClock {

    private long now;

    public FakeClock(long start) {
        this.now = start;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    public void advance(long nanos) {
        now += nanos;
    }
}
