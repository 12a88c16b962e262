package io.loadlab.loadgen.udp.throughput;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.udp.UdpFigures;

/**
 * A throughput run's figures, named as sockperf prints them; with {@code targetMetrics}, what the
 * reflector received, as iperf3 -u reports loss.
 *
 * @param megabytesPerSecond  sockperf's MBps: 2^20 bytes per second
 * @param megabitsPerSecond   sockperf's Mbps: 8 x MBps
 * @param warmupMessagesSent  messages of the warm-up, left out of the rates
 * @param received            datagrams the reflector counted during the whole run, warm-up included; null
 *                            without targetMetrics
 * @param lost                {@code messagesSent + warmupMessagesSent - received}
 * @param lossPercent         {@code lost} as a percentage of every message sent
 * @param targetMetricsProblem why {@code received} could not be read, null when it was (or not asked)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdpThroughputReport(long messagesSent, double durationSeconds, int messageSize, double requestedRate,
                                  double messagesPerSecond, double megabytesPerSecond, double megabitsPerSecond,
                                  long sendErrors, long warmupMessagesSent, Long received, Long lost,
                                  Double lossPercent, String targetMetricsProblem) implements RunReport {

    static UdpThroughputReport of(UdpFigures f) {
        return new UdpThroughputReport(f.sent(), f.seconds(), f.messageSize(), f.rate(), f.perSecond(),
                f.megabytesPerSecond(), f.megabytesPerSecond() * 8, f.errors(), f.warmupSent(), f.received(), f.lost(),
                f.lossPercent(), f.targetMetricsProblem());
    }
}
