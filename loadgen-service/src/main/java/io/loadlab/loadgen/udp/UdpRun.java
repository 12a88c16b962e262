package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.MeasuredSeries;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunningLoad;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.List;
import java.util.function.Function;

/**
 * A UDP run in flight: one connected socket, the {@link UdpLoop} thread that drives it (a flat-out throughput run's
 * batches go through {@link GsoLoop} where the kernel segments them, its thread waiting for it), the engine's
 * stats it fills, and optionally the reflector's counters read around it. The outcome is built on the
 * loop's thread once it has stopped sending and reading, so every count in it is final.
 */
public final class UdpRun extends RunningLoad {

    private static final int SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

    private final UdpRunSpec spec;
    /** Picks the figures of the run's kind into its report. */
    private final Function<UdpFigures, RunReport> reporter;
    private final RunTimeline timeline;
    private final RunStats stats;
    private final PhaseStats warmup;
    private final PhaseStats measured;
    private final DatagramChannel channel;
    private final Selector selector;
    /** A flat-out throughput run's batch sender ({@link GsoLoop}); null when messages go one at a time. */
    private final GsoLoop batches;
    /** The one-at-a-time loop over {@code channel}; null when {@code batches} sends. */
    private final UdpLoop loop;
    private final TargetCounters targetCounters;

    private UdpRun(UdpRunSpec spec, Function<UdpFigures, RunReport> reporter, NanoClock clock, InetSocketAddress peer,
                   TargetCounters targetCounters, String threadName)
            throws IOException {
        super(clock);
        this.spec = spec;
        this.reporter = reporter;
        this.targetCounters = targetCounters;
        this.batches = GsoLoop.open(spec, peer, SOCKET_BUFFER_BYTES, threadName);
        this.channel = batches != null ? null : openChannel(peer);
        try {
            this.selector = batches != null || spec.replyEvery() == 0 ? null : readSelector(channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        // the clock starts once the socket is open: its setup is no part of the measured seconds
        this.warmup = new PhaseStats(false, false);
        this.measured = new PhaseStats(false, false);
        this.timeline = RunTimeline.starting(clock.nanoTime(), spec.warmup(), spec.duration());
        this.stats = new RunStats(List.of(warmup), List.of(measured), clock, PROGRESS_INTERVAL_NANOS,
                spec.replyEvery() > 0 ? Counter.COMPLETED : Counter.SENT);
        this.loop = batches != null ? null
                : new UdpLoop(spec, channel, selector, clock, timeline, warmup, measured, this::cancelled);
    }

    /** The connected socket messages go through one at a time (blocking, until {@link #readSelector} makes it not). */
    private static DatagramChannel openChannel(InetSocketAddress peer) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER_BYTES);
            channel.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER_BYTES);
            channel.connect(peer);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** For the pong kinds: the socket made non-blocking, its pongs read through a selector. */
    private static Selector readSelector(DatagramChannel channel) throws IOException {
        channel.configureBlocking(false);
        Selector selector = Selector.open();
        try {
            channel.register(selector, SelectionKey.OP_READ);
            return selector;
        } catch (IOException | RuntimeException e) {
            selector.close();
            throw e;
        }
    }

    /**
     * Opens the socket and starts the loop's thread; returns at once.
     *
     * @param targetCounters already read once, or null when the spec names no target metrics
     */
    static UdpRun start(UdpRunSpec spec, Function<UdpFigures, RunReport> reporter, NanoClock clock, InetSocketAddress peer, TargetCounters targetCounters,
                        TaskScheduler intervals, String threadName) throws IOException {
        UdpRun run = new UdpRun(spec, reporter, clock, peer, targetCounters, threadName);
        run.startIntervals(run.stats, intervals);
        Thread t = new Thread(run::drive, threadName);
        t.setDaemon(true);
        t.start();
        run.armWatchdog(0, "the UDP loop did not stop within the run's duration");
        return run;
    }

    private void drive() {
        String failure = null;
        try {
            if (batches != null) {
                batches.run(clock, timeline, warmup, measured, this::cancelled);
            } else {
                loop.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "the UDP loop was interrupted";
        } catch (IOException | RuntimeException e) {
            failure = over() ? null : "the UDP loop stopped: " + e;
        } catch (Error e) {
            // never the run's normal end; escaping, it skipped complete() and left the run active until the watchdog
            failure = "the UDP loop stopped: " + e;
        } finally {
            close();
        }
        complete(failure);
    }

    @Override
    protected RunTimeline timeline() {
        return timeline;
    }

    @Override
    public RunProgress progress() {
        return progress(stats, Counter.SENT, over() ? 0 : 1, spec.rate());
    }

    @Override
    protected void stopLoops() {
        if (selector != null) {
            selector.wakeup();
        }
    }

    /** The watchdog gave up on the loop: closing its socket frees the descriptor and ends its reads. */
    @Override
    protected void abandonLoops() {
        close();
    }

    private void close() {
        if (batches != null) {
            batches.close();
            return;
        }
        try {
            channel.close();
            if (selector != null) {
                selector.close();
            }
        } catch (IOException e) {
            // closing a datagram socket frees a descriptor; nothing to report in the run
        }
    }

    @Override
    protected RunOutcome outcome(String failure) {
        String histogram;
        synchronized (stats) { // a progress() call may be sampling at the same moment
            stats.sample();
            histogram = stats.latency().getTotalCount() == 0 ? null : HistogramCodec.encode(stats.latency());
        }
        TargetCounters.Delta arrived = targetCounters == null ? null : targetCounters.delta();
        long measured = timeline.measuredNanos(cancelledAtNanos());
        RunSeries series = MeasuredSeries.of(stats.intervals(), timeline.measureStartNanos() - timeline.startNanos(),
                measured, Counter.SENT, spec.replyEvery() > 0);
        RunReport report = reporter.apply(UdpReports.of(spec, stats, measured, arrived, series));
        String why = failure != null ? failure : UdpReports.silentPeer(spec, stats);
        return new RunOutcome(report, histogram, cancelled(), why);
    }

    /** A UDP run whose report could not be built keeps none. */
    @Override
    protected RunReport emptyReport() {
        return null;
    }
}
