package io.loadlab.loadgen.experiment;

import io.loadlab.common.cpu.CpuController;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.resource.ResourceFigures;
import io.loadlab.loadgen.resource.ResourceSource;
import io.loadlab.loadgen.resource.ResourceWindow;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.RunProgress;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One cell's readings around its run: the target's CPU, run-queue wait and throttling through its
 * {@link ResourceSource} and the loadgen's own CPU, wait and throttling, sampled at the run's progress ticks during
 * the measured part only (warm-up and the tail after the last request left out).
 * <p>
 * Every figure is a difference between two readings, so the window is closed by a reading at its end however slow
 * the readings are: the first tick at or past the end of the measured part takes one (the tick before it is cut
 * short to land there, by {@link RunWaiter}), and a run that ended between ticks gets one just after
 * ({@link #finish}). Before that, ticks landed only every interval plus the scrape's own time, and on a busy machine
 * (load 23: a cold first scrape of the target took over a second) a 1.5 s cell got one reading or none, and neither
 * the target's CPU nor the loadgen's.
 */
final class CellSampling {

    private final ResourceSource source;
    private final Duration duration;
    private final NanoClock clock;
    /** The wall clock, for the measured part's edges that a source's window is closed with. */
    private final Clock wall;
    /** The loadgen's own cgroup CPU controller, for its throttling; empty where it has none. */
    private final Optional<CpuController> selfCgroup;
    private final SelfCpu.Window self = new SelfCpu.Window();
    /** Opened at the first tick in the measured part; null before. */
    private ResourceWindow window;
    /** The measured part's wall-clock start. */
    private Instant start;
    /** The measured seconds the last tick saw. */
    private double lastElapsed;
    /** The closing reading, at or just past the end of the measured part, was taken: no more. */
    private boolean closed;

    CellSampling(ResourceSource source, Duration duration, NanoClock clock, Clock wall,
                 Optional<CpuController> selfCgroup) {
        this.source = source;
        this.duration = duration;
        this.clock = clock;
        this.wall = wall;
        this.selfCgroup = selfCgroup;
    }

    /**
     * A progress tick. The first tick in the measured part opens the window; its wall-clock start is now less the
     * measured time the run reports at that tick, so the edges are the run's own, not the tick's (which lands up to a
     * sample interval after the part began).
     */
    void tick(RunProgress p) {
        if (p.warmingUp() || p.elapsedSeconds() <= 0 || closed) {
            return;
        }
        closed = p.elapsedSeconds() * 1e9 >= duration.toNanos(); // the first tick at or past the end closes it
        lastElapsed = p.elapsedSeconds();
        if (window == null) {
            start = wall.instant().minusNanos((long) (p.elapsedSeconds() * 1e9));
            window = source.open();
        }
        read();
    }

    /** The run has ended: when it ended between two ticks, the window is closed by a reading now. */
    void finish() {
        if (window != null && !closed) {
            read();
        }
    }

    /** The target's figures over the measured part of the run whose figures are {@code r} (null: none). */
    ResourceFigures target(CellFigures r) {
        return window == null
                ? ResourceFigures.none(source.describe(), "the run measured nothing: no tick in its measured part")
                : window.close(start, start.plusNanos(measuredNanos(r)));
    }

    /** The loadgen's own CPU, wait and throttling over the readings taken. */
    SelfCpu.Window self() {
        return self;
    }

    /**
     * The measured part's length: the run's own figure (its measured duration, the same the rates are divided by);
     * without one, the measured time the last tick saw, at most the spec's duration.
     */
    private long measuredNanos(CellFigures r) {
        if (r != null && r.durationSeconds() > 0) {
            return (long) (r.durationSeconds() * 1e9);
        }
        return Math.min(duration.toNanos(), (long) (lastElapsed * 1e9));
    }

    private void read() {
        window.tick();
        self.add(clock.nanoTime(), SelfCpu.sample());
        selfCgroup.flatMap(CpuController::stat).ifPresent(self::addCgroup);
    }
}
