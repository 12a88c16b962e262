package io.loadlab.loadgen.iperf;

/**
 * One stream's (or a direction's summed) figures over the measured time, as iperf3's summary shows them: what
 * the sender counted and what the receiver counted (one of them reported by the server). UDP fields are null for
 * TCP; {@code retransmits} is null when the sender could not read TCP_INFO.
 *
 * @param id            iperf3's stream id; 0 for a sum
 * @param seconds       measured time
 * @param jitterMillis  receiver's RFC 1889 jitter, milliseconds (a sum averages its streams', as iperf3 does)
 * @param lossPercent   lost over the sender's datagrams, in percent
 */
public record StreamFigures(int id, long sentBytes, long receivedBytes, double seconds, Long retransmits,
                            Double jitterMillis, Long lost, Long packets, Double lossPercent, Long outOfOrder) {

    public double sentBitsPerSecond() {
        return seconds > 0 ? sentBytes * 8 / seconds : 0;
    }

    public double receivedBitsPerSecond() {
        return seconds > 0 ? receivedBytes * 8 / seconds : 0;
    }
}
