package io.loadlab.target.iperf;

import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.common.iperf.StreamResult;
import io.loadlab.common.iperf.TestResults;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One TCP test of one stream, driven step by step over iperf3's control protocol, so a test can hold the server's
 * session in the state it needs (collecting its stream, or finishing with its results sent) while it does something
 * else. Every socket read is bounded (10 s).
 */
final class RawIperfTest implements AutoCloseable {

    private final int port;
    private final Cookie cookie;
    private final Socket control;
    private final ControlChannel channel;
    private Socket stream;

    private RawIperfTest(int port, long seed) throws IOException {
        this.port = port;
        this.cookie = Cookie.random(new Random(seed));
        this.control = connect(port);
        this.channel = new ControlChannel(control.getInputStream(), control.getOutputStream());
    }

    /** Connects, sends the cookie and one-stream TCP parameters: the server's session is collecting its stream. */
    static RawIperfTest collecting(int port, long seed) throws IOException {
        RawIperfTest t = new RawIperfTest(port, seed);
        t.channel.writeCookie(t.cookie);
        assertEquals(IperfState.PARAM_EXCHANGE, t.channel.readState());
        t.channel.writeJson(ControlChannel.object().put("tcp", true).put("time", 1).put("parallel", 1));
        assertEquals(IperfState.CREATE_STREAMS, t.channel.readState());
        return t;
    }

    /** As {@link #collecting}, then runs to the server's DISPLAY_RESULTS: its session is finishing until {@link #done}. */
    static RawIperfTest finishing(int port, long seed) throws IOException {
        RawIperfTest t = collecting(port, seed);
        t.runToResults();
        return t;
    }

    /** Connects the stream, ends the test at once and exchanges results, up to DISPLAY_RESULTS. */
    void runToResults() throws IOException {
        stream = connect(port);
        stream.getOutputStream().write(cookie.wire());
        assertEquals(IperfState.TEST_START, channel.readState());
        assertEquals(IperfState.TEST_RUNNING, channel.readState());
        channel.writeState(IperfState.TEST_END);
        assertEquals(IperfState.EXCHANGE_RESULTS, channel.readState());
        channel.writeJson(new TestResults(0, 0, 0, false, List.of(new StreamResult(1, 0, -1, 0, 0, 0, 0, 1)),
                Optional.empty()).toJson());
        channel.readJson(1 << 20);
        assertEquals(IperfState.DISPLAY_RESULTS, channel.readState());
    }

    /** IPERF_DONE: the session ends. */
    void done() throws IOException {
        channel.writeState(IperfState.IPERF_DONE);
    }

    @Override
    public void close() throws IOException {
        try (control) {
            if (stream != null) {
                stream.close();
            }
        }
    }

    static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        s.setSoTimeout(10_000);
        return s;
    }
}
