package io.loadlab.loadgen.iperf;

/** The server would not run the test: busy with another (ACCESS_DENIED) or refused its parameters (SERVER_ERROR). */
public class IperfRefusedException extends RuntimeException {

    public IperfRefusedException(String message) {
        super(message);
    }
}
