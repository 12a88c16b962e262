package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.GcPauses;
import io.loadlab.loadgen.engine.LoopLagProbe;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.engine.Watchdog;
import io.loadlab.loadgen.report.Disturbance;

import java.util.List;

/**
 * Watches a run's own generator during its measured part: a {@link LoopLagProbe} on each of its event loops and the
 * JVM's GC pauses from the measured part's start (marked by a timer, so warm-up collections are not counted) to the
 * end. {@link #stop} judges them against the limits.
 */
public final class GeneratorWatch {

    private final List<LoopLagProbe> probes;
    private final GcPauses gc;
    private final Watchdog startMark;
    private volatile long gcAtStart = -1;

    private GeneratorWatch(List<TaskScheduler> loops, NanoClock clock, RunTimeline timeline, GcPauses gc) {
        this.gc = gc;
        this.probes = loops.stream().map(l -> LoopLagProbe.start(l, clock, timeline)).toList();
        this.startMark = Watchdog.arm(timeline.measureStartNanos() - clock.nanoTime(), () -> gcAtStart = gc.totalMillis());
    }

    /** Starts watching {@code loops}; call once the run's timeline is set, before its loops start. */
    public static GeneratorWatch start(List<TaskScheduler> loops, NanoClock clock, RunTimeline timeline, GcPauses gc) {
        return new GeneratorWatch(loops, clock, timeline, gc);
    }

    /** Stops the probes (before the loops shut down: a probe's timer must not hold them up); idempotent. */
    public void stopProbes() {
        probes.forEach(LoopLagProbe::stop);
        startMark.disarm();
    }

    /**
     * Stops watching and judges what was seen.
     *
     * @param measuredNanos the measured part's length (shorter when cancelled)
     * @return the disturbance to report, or null when within {@code limits}
     */
    public Disturbance stop(long measuredNanos, DisturbanceLimits limits) {
        stopProbes();
        long lag = probes.stream().mapToLong(LoopLagProbe::maxLagNanos).max().orElse(0);
        long start = gcAtStart;
        long gcMillis = start < 0 ? 0 : Math.max(0, gc.totalMillis() - start);
        return limits.judge(lag, gcMillis, measuredNanos);
    }
}
