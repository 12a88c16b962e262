package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.GcPauses;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.IntervalTicker;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.PhaseStats;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.engine.RunTimeline;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.DisturbanceLimits;
import io.loadlab.loadgen.run.GeneratorWatch;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunningLoad;

import io.loadlab.common.tcp.TcpState;
import io.loadlab.common.tcp.TcpStateCounts;
import io.loadlab.loadgen.report.LocalPorts;

import io.netty.channel.EventLoop;
import org.jboss.logging.Logger;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP run in flight: its own event loops, one {@link LoopDriver} each, and the stats they fill.
 * The outcome is built once every loop has terminated, so its counts are final and exact.
 */
public final class HttpRun extends RunningLoad {

    private static final Logger LOG = Logger.getLogger(HttpRun.class);

    private final HttpRunSpec spec;
    private final RunTimeline timeline;
    private final Transport transport;
    private final RequestTemplate template;
    /** HTTP/2 runs only: the request every stream sends. */
    private final H2Request h2Request;
    private final List<LoopDriver> loops = new ArrayList<>();
    private final RunStats stats;
    /** A mix's run stats by entry, in the spec's order; empty for a run without named requests. */
    private final List<RunStats> byName = new ArrayList<>();
    private final List<IntervalTicker> nameTickers = new ArrayList<>();
    /** The requests compiled, when the spec has a mix or values; null for the one-request form. */
    private final RequestMix mix;
    private final InetSocketAddress address;
    private final AtomicInteger running;
    private final GeneratorWatch watch;
    private final DisturbanceLimits limits;
    /** The TLS provider that runs (openssl or jdk), null for an http:// target: the report says it. */
    private final String tlsProvider;

    private HttpRun(HttpRunSpec spec, NanoClock clock, InetSocketAddress address, String threadPrefix,
                    DisturbanceLimits limits, RequestMix mix) {
        super(clock);
        this.limits = limits;
        this.spec = spec;
        this.address = address;
        this.mix = mix;
        this.transport = Transport.create(spec.threads(), threadPrefix,
                !spec.keepAlive() && !spec.secure() && !spec.protocol().http2());
        // Which path ran is not in the report; the log says it, for a reader and for the native ITs, which fail should
        // a native image quietly fall back from epoll or from the raw sockets' loops.
        LOG.infof("%s: %d %s event loop(s)%s", threadPrefix, spec.threads(), transport.name(),
                onShortConnections() ? " on raw sockets" : "");
        this.template = RequestTemplate.of(spec);
        this.h2Request = spec.protocol().http2() ? H2Request.of(spec) : null;
        this.timeline = RunTimeline.starting(clock.nanoTime(), spec.warmup(), spec.duration());
        RunContext context = new RunContext(spec, clock, timeline, template, transport, address, ClientTls.of(spec),
                h2Request, mix);
        this.tlsProvider = context.tls() == null ? null : context.tls().provider();
        int names = spec.hasMix() ? spec.mix().size() : 0;
        List<List<PhaseStats>> warmupByName = new ArrayList<>();
        List<List<PhaseStats>> measuredByName = new ArrayList<>();
        for (int i = 0; i < names; i++) {
            warmupByName.add(new ArrayList<>());
            measuredByName.add(new ArrayList<>());
        }
        int slotBase = 0;
        List<PhaseStats> warmup = new ArrayList<>();
        List<PhaseStats> measured = new ArrayList<>();
        List<TaskScheduler> eventLoops = new ArrayList<>();
        int openable = (int) Math.min(spec.connections(), DescriptorBudget.free()); // after the loops took theirs
        String shortOf = openable < spec.connections() ? DescriptorBudget.shortOf(openable) : null;
        for (int t = 0; t < spec.threads(); t++) {
            int connections = spec.connections() / spec.threads() + (t < spec.connections() % spec.threads() ? 1 : 0);
            int loopOpenable = openable / spec.threads() + (t < openable % spec.threads() ? 1 : 0);
            PhaseStats w = new PhaseStats(spec.openModel(), !spec.keepAlive(), spec.secure());
            PhaseStats m = new PhaseStats(spec.openModel(), !spec.keepAlive(), spec.secure());
            warmup.add(w);
            measured.add(m);
            PhaseStats[][] children = names == 0 ? null : new PhaseStats[2][names];
            for (int i = 0; i < names; i++) { // only for a named mix: the one-request form pays nothing
                children[0][i] = w.child();
                children[1][i] = m.child();
                warmupByName.get(i).add(children[0][i]);
                measuredByName.get(i).add(children[1][i]);
            }
            EventLoop loop = transport.group().next();
            eventLoops.add(TaskScheduler.on(loop));
            loops.add(new LoopDriver(loop, context, connections, loopOpenable, shortOf, w, m, schedule(t, connections),
                    this::loopFinished, slotBase, children));
            slotBase += connections * spec.streams();
        }
        for (int i = 0; i < names; i++) {
            byName.add(new RunStats(warmupByName.get(i), measuredByName.get(i), clock, PROGRESS_INTERVAL_NANOS));
        }
        this.watch = GeneratorWatch.start(eventLoops, clock, timeline, new GcPauses());
        this.running = new AtomicInteger(loops.size());
        this.stats = new RunStats(warmup, measured, clock, PROGRESS_INTERVAL_NANOS);
    }

    /** Starts a run; returns at once. */
    static HttpRun start(HttpRunSpec spec, NanoClock clock, TaskScheduler intervals, InetSocketAddress address,
                         String threadPrefix, DisturbanceLimits limits, RequestMix mix) {
        HttpRun run = new HttpRun(spec, clock, address, threadPrefix, limits, mix);
        run.startIntervals(run.stats, intervals);
        if (intervals != null) { // each name's own one-second series, on the same ticks as the run's
            for (RunStats named : run.byName) {
                run.nameTickers.add(IntervalTicker.start(named, clock, intervals, run.timeline.startNanos(),
                        IntervalSeries.DEFAULT_CAPACITY));
            }
        }
        for (LoopDriver loop : run.loops) {
            loop.execute(loop::start);
        }
        run.armWatchdog(spec.timeout().toNanos(), "the event loops did not stop within the run's duration and timeout");
        return run;
    }

    /** Each loop shares the rate by its connections, offset so loops do not fire in step. */
    private RateSchedule schedule(int loop, int connections) {
        if (!spec.openModel()) {
            return null;
        }
        long offset = Math.round(loop * 1e9 / spec.rate());
        return RateSchedule.constant(timeline.startNanos() + offset, spec.rate() * connections / spec.connections());
    }

    @Override
    protected RunTimeline timeline() {
        return timeline;
    }

    @Override
    public RunProgress progress() {
        int active = 0;
        for (LoopDriver loop : loops) {
            active += loop.activeConnections();
        }
        return progress(stats, Counter.COMPLETED, active, spec.rate());
    }

    /** Whether its loops take raw sockets ({@link ShortConnectionLoop}) rather than Netty channels. */
    boolean onShortConnections() {
        return transport.group() instanceof ShortConnectionGroup;
    }

    /**
     * Requests answered so far, warm-up included: what the target's own request counter should
     * have risen by once {@link #done()} completed, unless requests timed out or failed mid-answer.
     */
    public long completedIncludingWarmup() {
        return stats.total(Counter.COMPLETED);
    }

    /** For truth tests: {@code counter} over the whole run, warm-up included (final once {@link #done()} completed). */
    long totalIncludingWarmup(Counter counter) {
        return stats.total(counter);
    }

    @Override
    protected void stopLoops() {
        for (LoopDriver loop : loops) {
            try {
                loop.execute(loop::cancel);
            } catch (RejectedExecutionException alreadyStopping) {
                // the loops are shutting down: the run is ending anyway
            }
        }
    }

    private void loopFinished() {
        if (running.decrementAndGet() == 0) {
            watch.stopProbes();
            // completing after termination, off the loops, so no loop can still be writing stats
            transport.group().shutdownGracefully(0, 1, TimeUnit.SECONDS).addListener(f -> complete(null));
        }
    }

    @Override
    protected void abandonLoops() {
        watch.stopProbes();
        transport.group().shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Override
    protected RunOutcome outcome(String failure) {
        HttpReport report;
        String histogram;
        nameTickers.forEach(IntervalTicker::stop); // closes each name's last interval, as the run's own was
        ConnectionCounts connections = new ConnectionCounts(0, 0, 0, null);
        for (LoopDriver loop : loops) {
            connections = connections.plus(loop.connections());
        }
        synchronized (stats) { // a progress() call may be sampling at the same moment
            stats.sample();
            long measuredNanos = timeline.measuredNanos(cancelledAtNanos());
            report = HttpReports.of(spec, stats, measuredNanos, connections,
                            TlsTally.merge(loops.stream().map(LoopDriver::tlsTally).toList()))
                    .withDisturbance(watch.stop(measuredNanos, limits));
            if (report.tls() != null && tlsProvider != null) {
                report = report.withProtocol(report.tls().withProvider(tlsProvider), report.h2());
            }
            if (h2Request != null) {
                List<H2Stats> h2 = new ArrayList<>();
                for (LoopDriver loop : loops) {
                    h2.add(loop.h2());
                }
                report = report.withProtocol(report.tls(), H2Stats.report(spec.streams(), h2));
            }
            if (!byName.isEmpty()) {
                byName.forEach(RunStats::sample);
                report = report.withMix(HttpReports.mix(spec, byName, measuredNanos));
            }
            histogram = stats.latency().getTotalCount() == 0 ? null : HistogramCodec.encode(stats.latency());
        }
        if (failure == null) {
            template.close();
            if (h2Request != null) {
                h2Request.close();
            }
            if (mix != null) {
                mix.close();
            }
        }
        if (!spec.keepAlive()) {
            report = report.withLocalPorts(localPorts());
        }
        if (failure == null && !cancelled()) { // it did less than asked: never "completed"
            ScheduleCounts scheduled = ScheduleCounts.NONE;
            for (LoopDriver loop : loops) {
                scheduled = scheduled.plus(loop.scheduled());
            }
            String offSchedule = scheduled.shortfall(stats.measured(Counter.SENT), stats.measured(Counter.COMPLETED))
                    .map(shortfall -> shortfall + wholeRun()).orElse(null);
            failure = connections.shortfall().orElse(offSchedule);
        }
        return new RunOutcome(report, histogram, cancelled(), failure);
    }

    /**
     * What the whole run did, warm-up included: where the schedule's time went when the measured part fell short (a
     * warm-up's backlog behind stalled handshakes counts in the warm-up, which the report leaves out).
     */
    private String wholeRun() {
        return "; the whole run, warm-up included: " + stats.total(Counter.COMPLETED) + " answered, "
                + stats.total(Counter.TIMEOUTS) + " timed out"
                + (spec.secure() ? ", " + stats.total(Counter.TLS_ERRORS) + " TLS handshakes failed" : "");
    }

    /** The loadgen's sockets to the target now, after its loops closed theirs: in any state, and in TIME_WAIT. */
    private LocalPorts localPorts() {
        Map<TcpState, Long> counts = TcpStateCounts.toPeer(address.getAddress(), address.getPort());
        return new LocalPorts(counts.values().stream().mapToLong(Long::longValue).sum(), counts.get(TcpState.TIME_WAIT));
    }

    @Override
    protected RunReport emptyReport() {
        return HttpReports.empty(spec);
    }
}
