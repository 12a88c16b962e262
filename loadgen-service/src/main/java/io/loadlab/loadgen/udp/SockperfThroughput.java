package io.loadlab.loadgen.udp;

/**
 * What sockperf's throughput summary and the target's loss line show, as the reports of the kinds that send at a
 * rate (udp-throughput, udp-underload) name it: their text and meters are written once, over this.
 */
public interface SockperfThroughput {

    long messagesSent();

    double durationSeconds();

    int messageSize();

    double messagesPerSecond();

    double megabytesPerSecond();

    double megabitsPerSecond();

    long warmupMessagesSent();

    /** Null without targetMetrics. */
    Long received();

    /** Null without targetMetrics. */
    Long lost();

    /** Null without targetMetrics. */
    Double lossPercent();

    /** Why {@code received} could not be read; null when it was (or was not asked). */
    String targetMetricsProblem();
}
