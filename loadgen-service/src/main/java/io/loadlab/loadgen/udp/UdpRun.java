package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.engine.Watchdog;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;

import java.util.function.Function;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * A UDP run in flight: one connected socket, the {@link UdpLoop} thread that drives it, the engine's
 * stats it fills, and optionally the reflector's counters read around it. The outcome is built on the
 * loop's thread once it has stopped sending and reading, so every count in it is final.
 */
public final class UdpRun implements LoadRun {

    private static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;
    /** Beyond the run's end, how long before a wedged loop is declared failed and its socket closed. */
    private static final long WATCHDOG_SLACK_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final UdpRunSpec spec;
    /** Picks the figures of the run's kind into its report. */
    private final Function<UdpFigures, RunReport> reporter;
    private final NanoClock clock;
    private final RunTimeline timeline;
    private final RunStats stats;
    private final DatagramChannel channel;
    private final Selector selector;
    private final UdpLoop loop;
    private final TargetCounters targetCounters;
    private final CompletableFuture<RunOutcome> done = new CompletableFuture<>();
    private volatile boolean cancelled;
    private volatile long cancelledAtNanos = Long.MAX_VALUE;

    private UdpRun(UdpRunSpec spec, Function<UdpFigures, RunReport> reporter, NanoClock clock, InetSocketAddress peer,
                   TargetCounters targetCounters)
            throws IOException {
        this.spec = spec;
        this.reporter = reporter;
        this.clock = clock;
        this.targetCounters = targetCounters;
        this.channel = DatagramChannel.open();
        try {
            channel.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
            channel.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
            channel.connect(peer);
            if (spec.replyEvery() > 0) {
                channel.configureBlocking(false);
                selector = Selector.open();
                channel.register(selector, SelectionKey.OP_READ);
            } else {
                selector = null;
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        PhaseStats w = new PhaseStats(false, false);
        PhaseStats m = new PhaseStats(false, false);
        this.timeline = RunTimeline.starting(clock.nanoTime(), spec.warmup(), spec.duration());
        this.stats = new RunStats(List.of(w), List.of(m), clock, PROGRESS_INTERVAL_NANOS,
                spec.replyEvery() > 0 ? Counter.COMPLETED : Counter.SENT);
        this.loop = new UdpLoop(spec, channel, selector, clock, timeline, w, m, () -> cancelled);
    }

    /**
     * Opens the socket and starts the loop's thread; returns at once.
     *
     * @param targetCounters already read once, or null when the spec names no target metrics
     */
    static UdpRun start(UdpRunSpec spec, Function<UdpFigures, RunReport> reporter, NanoClock clock, InetSocketAddress peer, TargetCounters targetCounters,
                        String threadName) throws IOException {
        UdpRun run = new UdpRun(spec, reporter, clock, peer, targetCounters);
        Thread t = new Thread(run::drive, threadName);
        t.setDaemon(true);
        t.start();
        long deadline = run.timeline.endNanos() - clock.nanoTime() + WATCHDOG_SLACK_NANOS;
        Watchdog watchdog = Watchdog.arm(deadline, run::watchdog);
        run.done.whenComplete((outcome, error) -> watchdog.disarm()); // else the timer holds the run till the deadline
        return run;
    }

    private void drive() {
        String failure = null;
        try {
            loop.run();
        } catch (IOException | RuntimeException e) {
            failure = done.isDone() ? null : "the UDP loop stopped: " + e;
        } finally {
            close();
        }
        complete(failure);
    }

    @Override
    public RunProgress progress() {
        stats.sampleIfDue();
        long now = clock.nanoTime();
        boolean over = done.isDone();
        return new RunProgress(timeline.measuredNanos(Math.min(now, cancelledAtNanos)) / 1e9,
                !over && timeline.warmingUp(now), stats.measured(Counter.SENT), stats.currentRate(),
                stats.measuredErrors(), stats.measured(Counter.BYTES_SENT), stats.measured(Counter.BYTES_RECEIVED),
                over ? 0 : 1, spec.rate(), stats.lastInterval());
    }

    @Override
    public void cancel() {
        if (!cancelled) {
            cancelledAtNanos = clock.nanoTime();
            cancelled = true;
            if (selector != null) {
                selector.wakeup();
            }
        }
    }

    @Override
    public CompletionStage<RunOutcome> done() {
        return done;
    }

    private void watchdog() {
        if (!done.isDone()) {
            close();
            complete("the UDP loop did not stop within the run's duration");
        }
    }

    private void close() {
        try {
            channel.close();
            if (selector != null) {
                selector.close();
            }
        } catch (IOException e) {
            // closing a datagram socket frees a descriptor; nothing to report in the run
        }
    }

    private synchronized void complete(String failure) {
        if (done.isDone()) {
            return;
        }
        try {
            String histogram;
            synchronized (stats) { // a progress() call may be sampling at the same moment
                stats.sample();
                histogram = stats.latency().getTotalCount() == 0 ? null : HistogramCodec.encode(stats.latency());
            }
            TargetCounters.Delta arrived = targetCounters == null ? null : targetCounters.delta();
            RunReport report = reporter.apply(UdpReports.of(spec, stats, timeline.measuredNanos(cancelledAtNanos), arrived));
            String why = failure != null ? failure : UdpReports.silentPeer(spec, stats);
            done.complete(new RunOutcome(report, histogram, cancelled, why));
        } catch (RuntimeException | Error e) {
            done.complete(new RunOutcome(null, null, cancelled, "report failed: " + e));
        }
    }
}
