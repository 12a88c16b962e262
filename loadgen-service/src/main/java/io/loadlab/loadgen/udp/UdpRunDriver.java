package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.run.AddressRefusedException;
import io.loadlab.loadgen.run.FinishedRun;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunDriver;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.scrape.Scraper;

import jakarta.inject.Inject;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts {@link UdpRun}s for one UDP kind; the three kinds' beans differ only in the kind they
 * answer for and the report they make. A target that cannot be resolved or a socket or metrics URL that cannot be opened
 * gives a run already done with its failure.
 */
public abstract class UdpRunDriver implements RunDriver {

    private final NanoClock clock;
    private TaskScheduler intervals;
    private final AddressPolicy policy;
    private final Scraper scraper;
    private final AtomicLong runs = new AtomicLong();

    /** Method injection, so the three kinds' constructors need not pass it along. */
    @Inject
    void intervals(IntervalScheduler scheduler) {
        this.intervals = scheduler;
    }

    protected UdpRunDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        this.clock = clock;
        this.policy = policy;
        this.scraper = scraper;
    }

    @Override
    public LoadRun start(RunSpec spec) {
        if (!(spec instanceof UdpRunSpec udp) || !spec.kind().equals(kind())) {
            throw new IllegalArgumentException("not a " + kind() + " spec: " + spec);
        }
        String stage = "resolve " + udp.target().getHost();
        try {
            InetAddress resolved = policy.resolveAndAdmit(udp.target().getHost());
            InetSocketAddress peer = new InetSocketAddress(resolved, udp.target().getPort());
            stage = "read targetMetrics " + udp.targetMetrics();
            TargetCounters counters = udp.targetMetrics() == null ? null : TargetCounters.before(udp.targetMetrics(), scraper);
            stage = "open a UDP socket to " + peer;
            return UdpRun.start(udp, this::report, clock, peer, counters, intervals, "loadgen-" + kind() + "-" + runs.incrementAndGet());
        } catch (AddressRefusedException e) {
            return failed(e.getMessage());
        } catch (IOException | RuntimeException e) {
            return failed("cannot " + stage + ": " + e.getMessage());
        }
    }

    /** The report of this driver's kind, from the figures every UDP run measures. */
    protected abstract RunReport report(UdpFigures figures);

    private static LoadRun failed(String why) {
        return FinishedRun.failed(null, why);
    }
}
