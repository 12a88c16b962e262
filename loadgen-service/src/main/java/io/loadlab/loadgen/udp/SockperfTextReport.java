package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.LatencySummary;

import java.util.Locale;

/**
 * A UDP report in sockperf's client layout, so eyes and scripts used to sockperf read it unchanged:
 * the {@code Summary:} lines, the drop line and the percentile ladder (microseconds, RTT/2). Lines
 * sockperf does not print (loss from targetMetrics) follow iperf3's wording.
 */
public final class SockperfTextReport {

    private static final String P = "sockperf: ";

    private SockperfTextReport() {
    }

    public static String render(UdpThroughputReport r) {
        StringBuilder out = new StringBuilder();
        throughput(out, r.messagesSent(), r.durationSeconds(), r.messagesPerSecond(), r.megabytesPerSecond(),
                r.megabitsPerSecond(), r.messageSize());
        loss(out, r.received(), r.lost(), r.lossPercent(), r.messagesSent() + r.warmupMessagesSent(), r.targetMetricsProblem());
        return out.toString();
    }

    public static String render(UdpPingPongReport r) {
        StringBuilder out = new StringBuilder();
        latency(out, r.durationSeconds(), r.messagesSent(), r.pongsReceived(), r.dropped(), r.duplicated(),
                r.outOfOrder(), r.latencyMicros());
        return out.toString();
    }

    public static String render(UdpUnderLoadReport r) {
        StringBuilder out = new StringBuilder();
        latency(out, r.durationSeconds(), r.messagesSent(), r.pongsReceived(), r.dropped(), r.duplicated(),
                r.outOfOrder(), r.latencyMicros());
        throughput(out, r.messagesSent(), r.durationSeconds(), r.messagesPerSecond(), r.megabytesPerSecond(),
                r.megabitsPerSecond(), r.messageSize());
        loss(out, r.received(), r.lost(), r.lossPercent(), r.messagesSent() + r.warmupMessagesSent(), r.targetMetricsProblem());
        return out.toString();
    }

    private static void throughput(StringBuilder out, long sent, double seconds, double perSecond, double mbps,
                                   double mbits, int size) {
        line(out, "Total of %d messages sent in %.3f sec", sent, seconds);
        line(out, "Summary: Message Rate is %d [msg/sec]", Math.round(perSecond));
        line(out, "Summary: BandWidth is %.3f MBps (%.3f Mbps)", mbps, mbits);
        line(out, "Summary: Message size is %d bytes", size);
    }

    private static void latency(StringBuilder out, double seconds, long sent, long received, long dropped,
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

    private static void loss(StringBuilder out, Long received, Long lost, Double percent, long sentTotal, String problem) {
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
