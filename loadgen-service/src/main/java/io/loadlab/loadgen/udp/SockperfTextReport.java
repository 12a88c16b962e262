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

    /** sockperf's throughput summary. */
    public static void throughput(StringBuilder out, long sent, double seconds, double perSecond, double mbps,
                                   double mbits, int size) {
        line(out, "Total of %d messages sent in %.3f sec", sent, seconds);
        line(out, "Summary: Message Rate is %d [msg/sec]", Math.round(perSecond));
        line(out, "Summary: BandWidth is %.3f MBps (%.3f Mbps)", mbps, mbits);
        line(out, "Summary: Message size is %d bytes", size);
    }

    /** sockperf's latency summary and percentile ladder; {@code lat} in microseconds, RTT/2, null as empty. */
    public static void latency(StringBuilder out, double seconds, long sent, long received, long dropped,
                                long duplicated, long outOfOrder, LatencySummary lat) {
        LatencySummary l = lat == null ? LatencySummary.EMPTY : lat;
        line(out, "[Valid Duration] RunTime=%.3f sec; SentMessages=%d; ReceivedMessages=%d", seconds, sent, received);
        line(out, "====> avg-latency=%.3f (std-dev=%.3f)", l.mean(), l.stdev());
        line(out, "# dropped messages = %d; # duplicated messages = %d; # out-of-order messages = %d",
                dropped, duplicated, outOfOrder);
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

    /** What the target counted (iperf3's wording), or why it could not be read; nothing when not asked. */
    public static void loss(StringBuilder out, Long received, Long lost, Double percent, long sentTotal, String problem) {
        if (problem != null) {
            line(out, "Target: %s", problem);
        } else if (received != null) {
            line(out, "Target: received %d of %d datagrams (warm-up included), lost %d (%.4f%%)",
                    received, sentTotal, lost, percent);
        }
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(P).append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
