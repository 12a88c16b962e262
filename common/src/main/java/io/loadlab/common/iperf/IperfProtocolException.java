package io.loadlab.common.iperf;

/** The peer broke iperf3's protocol (unknown state, oversized or malformed JSON, wrong cookie): the test ends. */
public class IperfProtocolException extends RuntimeException {

    public IperfProtocolException(String message) {
        super(message);
    }
}
