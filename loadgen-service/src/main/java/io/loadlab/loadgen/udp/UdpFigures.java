package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.LatencySummary;

/**
 * Every figure a UDP run measured, before its kind picks the ones its report shows. Units as in the reports;
 * {@code received}, {@code lost}, {@code lossPercent} and {@code targetMetricsProblem} are null without targetMetrics.
 *
 * @param megabytesPerSecond sockperf's MBps: 2^20 bytes per second
 * @param rtt                round trips in microseconds; sockperf's latency is half of it
 */
public record UdpFigures(int messageSize, double rate, int replyEvery, long sent, double seconds, double perSecond,
                  double megabytesPerSecond, long errors, long warmupSent, long pongsRequested, long pongs,
                  long dropped, long duplicated, long outOfOrder, LatencySummary rtt, Long received, Long lost,
                  Double lossPercent, String targetMetricsProblem) {

    /** sockperf's latency: half the round trip. */
    public LatencySummary halfRtt() {
        return UdpReports.half(rtt);
    }
}
