package io.loadlab.loadgen.run;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.IntervalTicker;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.engine.Watchdog;
import io.loadlab.loadgen.report.RunReport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lifecycle the event-loop kinds' running loads share: live progress, cancel, a watchdog for a load that wedges,
 * and completion exactly once with the outcome. A kind supplies how to stop its loops, how to give up on wedged ones
 * and how to build its outcome; HTTP and UDP runs extend this. Two kinds implement {@link LoadRun} directly, as
 * their loads are not loops sampled in place: an iperf run is one iperf3 test whose every wait on the server has a
 * deadline, and a distributed run is a controlling thread whose agents' silence is its watchdog.
 */
public abstract class RunningLoad implements LoadRun {

    /** Live figures are re-sampled at most once a second: the pace of a Prometheus scrape, cheap to serve. */
    protected static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Beyond the run's own end (and drain), how long before a wedged run is declared failed. */
    private static final long WATCHDOG_SLACK_NANOS = TimeUnit.SECONDS.toNanos(10);

    protected final NanoClock clock;
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    private final AtomicBoolean cancelling = new AtomicBoolean();
    /** Set after {@link #cancelledAtNanos}, so whoever sees it sees the moment too. */
    private volatile boolean cancelled;
    private volatile long cancelledAtNanos = Long.MAX_VALUE;
    /** Null until {@link #startIntervals}; its last interval is closed before the outcome is built. */
    private volatile IntervalTicker ticker;
    private volatile IntervalSeries intervals;

    protected RunningLoad(NanoClock clock) {
        this.clock = clock;
    }

    /** The run's phases; set by the time the load starts. */
    protected abstract RunTimeline timeline();

    /** Tells the running loops to stop early; called once, on the cancelling thread. */
    protected abstract void stopLoops();

    /** Frees what wedged loops hold once the watchdog gave up on them. */
    protected abstract void abandonLoops();

    /**
     * The run's outcome, built once its loops have stopped.
     *
     * @param failure why it failed so far, or null
     */
    protected abstract RunOutcome outcome(String failure);

    /** The report to keep when building the outcome threw; null for none. */
    protected abstract RunReport emptyReport();

    /**
     * Arms the watchdog once the load has started: {@code drainNanos} past the run's end plus a fixed slack.
     *
     * @param wedged the failure recorded when the watchdog fires
     */
    protected final void armWatchdog(long drainNanos, String wedged) {
        long deadline = timeline().endNanos() - clock.nanoTime() + drainNanos + WATCHDOG_SLACK_NANOS;
        Watchdog watchdog = Watchdog.arm(deadline, () -> {
            if (!done.isDone()) {
                abandonLoops();
                complete(wedged);
            }
        });
        done.whenComplete((outcome, error) -> watchdog.disarm()); // else the timer holds the run till the deadline
    }

    /**
     * Opens the run's one-second interval series (per-second figures for reports, agents' deliveries to their
     * controller) and closes an interval at each whole second after the run's start, until completion.
     * Call before the loops record anything. Without a scheduler (a driver built by hand, outside CDI) the run
     * keeps no series and {@link #intervals()} stays null.
     */
    protected final void startIntervals(RunStats stats, TaskScheduler scheduler) {
        if (scheduler == null) {
            return;
        }
        ticker = IntervalTicker.start(stats, clock, scheduler, timeline().startNanos(), IntervalSeries.DEFAULT_CAPACITY);
        intervals = stats.intervals();
    }

    @Override
    public final IntervalSeries intervals() {
        return intervals;
    }

    /** The progress every kind reports, {@code requests} being what the kind counts as one. */
    protected final RunProgress progress(RunStats stats, Counter requests, int activeConnections, double requestedRate) {
        stats.sampleIfDue();
        long now = clock.nanoTime();
        boolean over = done.isDone();
        return new RunProgress(timeline().measuredNanos(Math.min(now, cancelledAtNanos)) / 1e9,
                !over && timeline().warmingUp(now), stats.measured(requests), stats.currentRate(),
                stats.measuredErrors(), stats.measured(Counter.BYTES_SENT), stats.measured(Counter.BYTES_RECEIVED),
                activeConnections, requestedRate, stats.lastInterval(), stats.measured(Counter.TLS_HANDSHAKES),
                stats.lastHandshakes());
    }

    @Override
    public final void cancel() {
        if (!cancelling.compareAndSet(false, true)) {
            return;
        }
        cancelledAtNanos = clock.nanoTime();
        cancelled = true;
        stopLoops();
    }

    protected final boolean cancelled() {
        return cancelled;
    }

    /** When the run was cancelled, or {@link Long#MAX_VALUE}: where a cancelled run's measured part ends. */
    protected final long cancelledAtNanos() {
        return cancelledAtNanos;
    }

    protected final boolean over() {
        return done.isDone();
    }

    /** Completes the run once, with its outcome; a failure to build the outcome is the run's failure. */
    protected final synchronized void complete(String failure) {
        if (done.isDone()) {
            return;
        }
        try {
            IntervalTicker t = ticker;
            if (t != null) {
                t.stop(); // closes the last interval, so the series adds up to the report's totals
            }
            done.complete(outcome(failure));
        } catch (RuntimeException | Error e) {
            done.complete(new RunOutcome(emptyReport(), null, cancelled, "report failed: " + e));
        }
    }

    @Override
    public final CompletionStage<RunOutcome> done() {
        return done;
    }
}
