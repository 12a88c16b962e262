package io.loadlab.loadgen.iperf;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * What one iperf run may ask for beyond the limits every run shares (duration, warm-up); a spec beyond any is
 * refused with a 400 naming the field. Defaults are safe for a shared machine: iperf3 itself allows 128 streams
 * and unlimited UDP, which on loopback is a flood.
 */
@ConfigMapping(prefix = "loadgen.limits.iperf")
public interface IperfLimits {

    /** Parallel streams per direction (iperf3's {@code -P}). */
    @WithDefault("16")
    int maxStreams();

    /** Bits per second per stream; a UDP run must name one at most this, a TCP run may also ask for unlimited (0). */
    @WithDefault("10G")
    String maxBitrate();

    /** How long any one wait on the server may take: connect, a state, its results, draining the last bytes. */
    @WithDefault("10s")
    Duration controlTimeout();
}
