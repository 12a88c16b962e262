package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.run.AddressRefusedException;
import io.loadlab.loadgen.run.FinishedRun;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.PartsMerger;
import io.loadlab.loadgen.scrape.Scraper;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Starts {@link UdpRun}s for the UDP kinds ({@link UdpKind} starts its runs here, with the report its kind makes). A
 * target that cannot be resolved or a socket or metrics URL that cannot be opened gives a run already done with its
 * failure. Public only because the kinds in the subpackages inherit its injection ({@link UdpKind}); nothing outside
 * this package can start a run on it.
 */
@Singleton
public final class UdpRunDriver {

    private final NanoClock clock;
    private final TaskScheduler intervals;
    private final AddressPolicy policy;
    private final Scraper scraper;
    private final AtomicLong runs = new AtomicLong();

    @Inject
    UdpRunDriver(NanoClock clock, AddressPolicy policy, Scraper scraper, IntervalScheduler intervals) {
        this.clock = clock;
        this.intervals = intervals;
        this.policy = policy;
        this.scraper = scraper;
    }

    /** A driver that sends no per-second intervals (tests). */
    UdpRunDriver(NanoClock clock, AddressPolicy policy, Scraper scraper) {
        this(clock, policy, scraper, null);
    }

    /** @param report the report of {@code udp}'s kind, from the figures every UDP run measures */
    LoadRun start(UdpRunSpec udp, Function<UdpFigures, RunReport> report) {
        String stage = "resolve " + udp.target().getHost();
        try {
            InetAddress resolved = policy.resolveAndAdmit(udp.target().getHost());
            InetSocketAddress peer = new InetSocketAddress(resolved, udp.target().getPort());
            stage = "read targetMetrics " + udp.targetMetrics();
            TargetCounters counters = udp.targetMetrics() == null ? null : TargetCounters.before(udp.targetMetrics(), scraper);
            stage = "open a UDP socket to " + peer;
            return UdpRun.start(udp, report, clock, peer, counters, intervals,
                    "loadgen-" + udp.kind() + "-" + runs.incrementAndGet());
        } catch (AddressRefusedException e) {
            return failed(e.getMessage());
        } catch (IOException | RuntimeException e) {
            return failed("cannot " + stage + ": " + e.getMessage());
        }
    }

    /**
     * Begins the merge of a distributed run of {@code udp}: the reflector's count read now, as a local run reads it
     * before it starts.
     *
     * @throws java.io.UncheckedIOException when targetMetrics cannot be read
     */
    PartsMerger merger(UdpRunSpec udp, Function<UdpFigures, RunReport> report) {
        return UdpMerger.begin(udp, scraper, report);
    }

    private static LoadRun failed(String why) {
        return FinishedRun.failed(null, why);
    }
}
