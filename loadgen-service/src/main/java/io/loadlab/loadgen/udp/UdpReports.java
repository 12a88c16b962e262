package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.run.MergedParts;

import java.util.function.ToLongFunction;

/** Turns a UDP run's merged stats (and the reflector's count, if read) into the figures its kind reports. */
final class UdpReports {

    private static final double MEBI = 1024.0 * 1024.0;

    private UdpReports() {
    }

    /**
     * The figures every UDP report is made of; each kind's report picks its own ({@code UdpThroughputReport.of}...).
     *
     * @param arrived null unless the spec named targetMetrics
     * @param series  the measured part per second
     */
    static UdpFigures of(UdpRunSpec spec, RunStats stats, long measuredNanos, TargetCounters.Delta arrived,
                         RunSeries series) {
        return figures(spec, stats::measured, stats.warmup(Counter.SENT), measuredNanos / 1e9,
                LatencySummary.ofNanos(stats.latency()), Loss.of(stats.measured(Counter.SENT)
                        + stats.warmup(Counter.SENT), arrived), series);
    }

    /**
     * The figures of a distributed run of the whole {@code spec}, from its agents' intervals merged exactly: the same
     * counters a local run reads, summed; the round trips from the merged histogram; the loss against the reflector's
     * own count, read by the controller around the whole run. A partial merge (an agent's last intervals missing)
     * counts fewer messages than were sent, so its loss is unknown rather than too small: null, with the reason.
     *
     * @param arrived null unless the spec named targetMetrics
     */
    static UdpFigures merged(UdpRunSpec spec, MergedParts m, TargetCounters.Delta arrived, RunSeries series) {
        LatencySummary rtt = m.histogram() == null ? LatencySummary.EMPTY
                : LatencySummary.ofNanos(HistogramCodec.decode(m.histogram()));
        long sentTotal = m.measured(Counter.SENT) + m.warmup(Counter.SENT);
        Loss loss = Loss.of(sentTotal, arrived);
        if (m.partial() && loss.received != null) {
            loss = new Loss(loss.received, null, null, "an agent did not deliver all its intervals: its messages are"
                    + " not all counted, so the loss is unknown");
        }
        return figures(spec, m::measured, m.warmup(Counter.SENT), m.measuredSeconds(), rtt, loss, series);
    }

    private static UdpFigures figures(UdpRunSpec spec, ToLongFunction<Counter> measured, long warmupSent,
                                      double seconds, LatencySummary rtt, Loss loss, RunSeries series) {
        long sent = measured.applyAsLong(Counter.SENT);
        double perSecond = seconds > 0 ? sent / seconds : 0;
        double mbps = perSecond * spec.messageSize() / MEBI;
        long pongs = measured.applyAsLong(Counter.COMPLETED);
        long asked = measured.applyAsLong(Counter.PONGS_REQUESTED);
        return new UdpFigures(spec.messageSize(), spec.rate(), spec.replyEvery(), sent, seconds, perSecond, mbps,
                measured.applyAsLong(Counter.READ_WRITE_ERRORS), warmupSent, asked, pongs, Math.max(0, asked - pongs),
                measured.applyAsLong(Counter.DUPLICATED), measured.applyAsLong(Counter.OUT_OF_ORDER), rtt,
                loss.received, loss.lost, loss.percent, loss.problem, series);
    }

    /** A failure message when pongs were asked for and none came back, else null. */
    static String silentPeer(UdpRunSpec spec, RunStats stats) {
        long asked = stats.total(Counter.PONGS_REQUESTED);
        if (asked == 0 || stats.total(Counter.COMPLETED) > 0) {
            return null;
        }
        return "no pong came back from " + spec.target() + ": all " + asked + " pong requests dropped"
                + " (is a sockperf server or the target's UDP reflector listening there?)";
    }

    /** sockperf's latency: half the round trip. */
    static LatencySummary half(LatencySummary rtt) {
        return new LatencySummary(rtt.mean() / 2, rtt.stdev() / 2, rtt.min() / 2, rtt.p25() / 2, rtt.p50() / 2,
                rtt.p75() / 2, rtt.p90() / 2, rtt.p99() / 2, rtt.p999() / 2, rtt.p9999() / 2, rtt.p99999() / 2,
                rtt.max() / 2, rtt.count());
    }

    private record Loss(Long received, Long lost, Double percent, String problem) {
        static Loss of(long sentTotal, TargetCounters.Delta arrived) {
            if (arrived == null) {
                return new Loss(null, null, null, null);
            }
            if (arrived.problem() != null) {
                return new Loss(null, null, null, arrived.problem());
            }
            long lost = sentTotal - arrived.received();
            return new Loss(arrived.received(), lost, sentTotal == 0 ? 0.0 : 100.0 * lost / sentTotal, null);
        }
    }
}
