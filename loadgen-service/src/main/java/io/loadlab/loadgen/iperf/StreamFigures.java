package io.loadlab.loadgen.iperf;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One stream's (or a direction's summed) figures over the measured time, as iperf3's summary shows them: what
 * the sender counted and what the receiver counted (one of them reported by the server). UDP fields are null for
 * TCP. {@code bytes} and {@code bitsPerSecond} are the receiver's, iperf3's "receiver" line: what crossed the link;
 * the sender's are {@code sentBytes} and {@code sentBitsPerSecond}. {@code retransmits} is the sender's TCP_INFO
 * count: the server's, for streams it sends on and when it says it has them ({@code sender_has_retransmits}, a
 * stock Linux {@code iperf3 -s}); null for streams this end sends on, since plain JDK sockets do not expose TCP_INFO.
 *
 * @param id            iperf3's stream id; 0 for a sum
 * @param seconds       measured time
 * @param jitterMillis  receiver's RFC 1889 jitter, milliseconds (a sum averages its streams', as iperf3 does)
 * @param lossPercent   lost over the sender's datagrams, in percent
 */
// the derived figures are written for users and tools; a stored report read back recomputes them. The order is the
// JVM's, written down: a native image listed the derived getters in another order (issue 28)
@JsonPropertyOrder({"id", "sentBytes", "receivedBytes", "seconds", "retransmits", "jitterMillis", "lost", "packets",
        "lossPercent", "outOfOrder", "bytes", "sentBitsPerSecond", "bitsPerSecond", "receivedBitsPerSecond"})
@JsonIgnoreProperties(value = {"bytes", "bitsPerSecond", "sentBitsPerSecond", "receivedBitsPerSecond"}, allowGetters = true)
public record StreamFigures(int id, long sentBytes, long receivedBytes, double seconds, Long retransmits,
                            Double jitterMillis, Long lost, Long packets, Double lossPercent, Long outOfOrder) {

    @JsonProperty("sentBitsPerSecond")
    public double sentBitsPerSecond() {
        return seconds > 0 ? sentBytes * 8 / seconds : 0;
    }

    @JsonProperty("receivedBitsPerSecond")
    public double receivedBitsPerSecond() {
        return seconds > 0 ? receivedBytes * 8 / seconds : 0;
    }

    /** What the receiver counted: iperf3's headline figure for the stream or direction. */
    @JsonProperty("bytes")
    public long bytes() {
        return receivedBytes;
    }

    @JsonProperty("bitsPerSecond")
    public double bitsPerSecond() {
        return receivedBitsPerSecond();
    }
}
