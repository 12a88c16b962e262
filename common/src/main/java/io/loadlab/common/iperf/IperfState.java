package io.loadlab.common.iperf;

/**
 * The test states iperf3's server announces on the control connection, one signed byte each (iperf_api.h).
 * The client announces TEST_END, IPERF_DONE and CLIENT_TERMINATE the same way.
 */
public enum IperfState {
    TEST_START(1), TEST_RUNNING(2), TEST_END(4), PARAM_EXCHANGE(9), CREATE_STREAMS(10), SERVER_TERMINATE(11),
    CLIENT_TERMINATE(12), EXCHANGE_RESULTS(13), DISPLAY_RESULTS(14), IPERF_START(15), IPERF_DONE(16),
    /** Sent instead of PARAM_EXCHANGE to a client that arrives while another test runs: iperf3's "server is busy". */
    ACCESS_DENIED(-1),
    /** Followed by two 4-byte big-endian ints: iperf3's error number and the C errno. */
    SERVER_ERROR(-2);

    private final byte code;

    IperfState(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    /** The state a byte names; an unknown byte is a protocol error, said with its value. */
    public static IperfState of(byte code) {
        for (IperfState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IperfProtocolException("unknown iperf3 state " + code);
    }
}
