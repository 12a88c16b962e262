package io.loadlab.common.iperf;

/** iperf3's error numbers (iperf_error.h, 3.x) a server sends after SERVER_ERROR; the client prints its message. */
public final class IperfErrno {

    /** "test duration too long" */
    public static final int DURATION = 5;
    /** "number of parallel streams too large" */
    public static final int NUM_STREAMS = 6;
    /** "block size too large" */
    public static final int BLOCK_SIZE = 7;
    /** "not implemented" */
    public static final int UNIMPLEMENTED = 13;

    private IperfErrno() {
    }
}
