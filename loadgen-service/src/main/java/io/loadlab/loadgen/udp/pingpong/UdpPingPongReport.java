package io.loadlab.loadgen.udp.pingpong;

import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.udp.UdpFigures;

/**
 * A ping-pong run's figures, as sockperf's ping-pong prints them.
 *
 * @param latencyMicros one-way latency, RTT/2, as sockperf reports it
 * @param rttMicros     round trips
 * @param dropped       pings never answered (within the run and its short drain)
 * @param errors        send or receive errors, and datagrams that were not pongs of ours
 */
public record UdpPingPongReport(long messagesSent, double durationSeconds, int messageSize, double requestedRate,
                                double messagesPerSecond, long pongsReceived, long dropped, long duplicated,
                                long outOfOrder, long errors, LatencySummary latencyMicros, LatencySummary rttMicros)
        implements RunReport {

    static UdpPingPongReport of(UdpFigures f) {
        return new UdpPingPongReport(f.sent(), f.seconds(), f.messageSize(), f.rate(), f.perSecond(), f.pongs(),
                f.dropped(), f.duplicated(), f.outOfOrder(), f.errors(), f.halfRtt(), f.rtt());
    }
}
