package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.LatencySummary;

import java.util.Locale;

/**
 * The pieces of sockperf's client layout, so eyes and scripts used to sockperf read a UDP report unchanged:
 * the {@code Summary:} lines, the drop line and the percentile ladder (microseconds, RTT/2). Lines
 * sockperf does not print (loss from targetMetrics) follow iperf3's wording. Each kind puts together the pieces
 * its report has, in sockperf's order: latency, throughput, loss.
 */
public final class SockperfTextReport {

    private static final String P = "sockperf: ";

    private SockperfTextReport() {
    }

    /** sockperf's throughput summary, then what the target counted (iperf3's wording) when it was asked. */
    public static void throughput(StringBuilder out, SockperfThroughput r) {
        line(out, "Total of %d messages sent in %.3f sec", r.messagesSent(), r.durationSeconds());
        line(out, "Summary: Message Rate is %d [msg/sec]", Math.round(r.messagesPerSecond()));
        line(out, "Summary: BandWidth is %.3f MBps (%.3f Mbps)", r.megabytesPerSecond(), r.megabitsPerSecond());
        line(out, "Summary: Message size is %d bytes", r.messageSize());
        if (r.targetMetricsProblem() != null) {
            line(out, "Target: %s", r.targetMetricsProblem());
        } else if (r.received() != null) {
            line(out, "Target: received %d of %d datagrams (warm-up included), lost %d (%.4f%%)",
                    r.received(), r.messagesSent() + r.warmupMessagesSent(), r.lost(), r.lossPercent());
        }
    }

    /** sockperf's latency summary and percentile ladder (microseconds, RTT/2; no latency reads as empty). */
    public static void latency(StringBuilder out, SockperfLatency r) {
        LatencySummary l = r.latencyMicros() == null ? LatencySummary.EMPTY : r.latencyMicros();
        line(out, "[Valid Duration] RunTime=%.3f sec; SentMessages=%d; ReceivedMessages=%d", r.durationSeconds(),
                r.messagesSent(), r.pongsReceived());
        line(out, "====> avg-latency=%.3f (std-dev=%.3f)", l.mean(), l.stdev());
        line(out, "# dropped messages = %d; # duplicated messages = %d; # out-of-order messages = %d",
                r.dropped(), r.duplicated(), r.outOfOrder());
        line(out, "Summary: Latency is %.3f usec", l.mean());
        line(out, "Total %d observations; each percentile contains %.2f observations", l.count(), l.count() / 100.0);
        line(out, "---> <MAX> observation = %8.3f", l.max());
        String[] names = {"99.999", "99.990", "99.900", "99.000", "90.000", "75.000", "50.000", "25.000"};
        double[] values = {l.p99999(), l.p9999(), l.p999(), l.p99(), l.p90(), l.p75(), l.p50(), l.p25()};
        for (int i = 0; i < names.length; i++) {
            line(out, "---> percentile %s = %8.3f", names[i], values[i]);
        }
        line(out, "---> <MIN> observation = %8.3f", l.min());
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(P).append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
