package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.RunStats;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;

/** Turns a UDP run's merged stats (and the reflector's count, if read) into the report of its kind. */
final class UdpReports {

    private static final double MEBI = 1024.0 * 1024.0;

    private UdpReports() {
    }

    /** @param arrived null unless the spec named targetMetrics */
    static RunReport of(UdpRunSpec spec, RunStats stats, long measuredNanos, TargetCounters.Delta arrived) {
        double seconds = measuredNanos / 1e9;
        long sent = stats.measured(Counter.SENT);
        double perSecond = seconds > 0 ? sent / seconds : 0;
        double mbps = perSecond * spec.messageSize() / MEBI;
        long errors = stats.measured(Counter.READ_WRITE_ERRORS);
        long warmupSent = stats.warmup(Counter.SENT);
        Loss loss = Loss.of(sent + warmupSent, arrived);
        if (spec instanceof UdpThroughputSpec) {
            return new UdpThroughputReport(sent, seconds, spec.messageSize(), spec.rate(), perSecond, mbps, mbps * 8,
                    errors, warmupSent, loss.received, loss.lost, loss.percent, loss.problem);
        }
        LatencySummary rtt = LatencySummary.ofNanos(stats.latency());
        long pongs = stats.measured(Counter.COMPLETED);
        long dropped = Math.max(0, stats.measured(Counter.PONGS_REQUESTED) - pongs);
        if (spec instanceof UdpPingPongSpec) {
            return new UdpPingPongReport(sent, seconds, spec.messageSize(), spec.rate(), perSecond, pongs, dropped,
                    stats.measured(Counter.DUPLICATED), stats.measured(Counter.OUT_OF_ORDER), errors, half(rtt), rtt);
        }
        return new UdpUnderLoadReport(sent, seconds, spec.messageSize(), spec.rate(), perSecond, mbps, mbps * 8,
                spec.replyEvery(), stats.measured(Counter.PONGS_REQUESTED), pongs, dropped,
                stats.measured(Counter.DUPLICATED), stats.measured(Counter.OUT_OF_ORDER), errors, warmupSent,
                half(rtt), rtt, loss.received, loss.lost, loss.percent, loss.problem);
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
