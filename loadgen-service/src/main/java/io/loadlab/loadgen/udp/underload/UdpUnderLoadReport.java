package io.loadlab.loadgen.udp.underload;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.udp.UdpFigures;

/**
 * An under-load run: throughput's figures and, on the one message in {@code replyEvery} that asked
 * for a pong, ping-pong's. Fields mean what they mean in {@link UdpThroughputReport} and {@link UdpPingPongReport}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdpUnderLoadReport(long messagesSent, double durationSeconds, int messageSize, double requestedRate,
                                 double messagesPerSecond, double megabytesPerSecond, double megabitsPerSecond,
                                 int replyEvery, long pongsRequested, long pongsReceived, long dropped,
                                 long duplicated, long outOfOrder, long errors, long warmupMessagesSent,
                                 LatencySummary latencyMicros, LatencySummary rttMicros, Long received, Long lost,
                                 Double lossPercent, String targetMetricsProblem) implements RunReport {

    static UdpUnderLoadReport of(UdpFigures f) {
        return new UdpUnderLoadReport(f.sent(), f.seconds(), f.messageSize(), f.rate(), f.perSecond(),
                f.megabytesPerSecond(), f.megabytesPerSecond() * 8, f.replyEvery(), f.pongsRequested(), f.pongs(),
                f.dropped(), f.duplicated(), f.outOfOrder(), f.errors(), f.warmupSent(), f.halfRtt(), f.rtt(),
                f.received(), f.lost(), f.lossPercent(), f.targetMetricsProblem());
    }
}
