package io.loadlab.loadgen.udp;

import io.loadlab.loadgen.report.LatencySummary;

/**
 * What sockperf's latency summary and percentile ladder show, as the reports of the kinds that ask for pongs
 * (udp-pingpong, udp-underload) name it: their text and meters are written once, over this.
 */
public interface SockperfLatency {

    long messagesSent();

    double durationSeconds();

    long pongsReceived();

    long dropped();

    long duplicated();

    long outOfOrder();

    /** One-way latency in microseconds, RTT/2, as sockperf reports it. */
    LatencySummary latencyMicros();
}
