package io.loadlab.target.iperf;

import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfErrno;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile clients on the control connection of the packaged target, its phase deadline set to 2 s. Before the fix the
 * timeout was per read: a cookie dripped a byte every 1.5 s held the server 55 s, every other client told "busy".
 */
@SystemTest
class IperfControlIT {

    private static TargetService target;

    @BeforeAll
    static void start() throws Exception {
        target = TargetService.startWith(List.of("-Dtarget.iperf.control-timeout=2s"));
    }

    @AfterAll
    static void stop() {
        if (target != null) {
            target.close();
        }
    }

    @Test
    void aCookieDrippedByteByByteIsDroppedAtThePhaseDeadlineAndTheServerServesAgain() throws Exception {
        try (Socket s = connect()) {
            s.setSoTimeout(1500);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            int sent = 0;
            boolean dropped = false;
            // 10 bytes, 1.5 s apart: 15 s, over seven times the phase's 2 s; never a whole cookie
            while (!dropped && sent < 10) {
                try {
                    out.write('x');
                    sent++;
                    if (sent == 1) {
                        Iperf3Client.Outcome meanwhile = Iperf3Client.run(target.iperfPort(), "-t", "1");
                        assertTrue(meanwhile.output().contains("the server is busy running a test"), meanwhile.output());
                    }
                    int answer = in.read();
                    assertEquals(-1, answer, "the server answered a cookie it never got whole");
                    dropped = true;
                } catch (SocketTimeoutException stillHeld) {
                    // the server still waits for the rest: drip on
                } catch (IOException reset) {
                    dropped = true;
                }
            }
            assertTrue(dropped, "still held after " + sent + " bytes dripped 1.5 s apart; the phase deadline is 2 s");
        }
        Iperf3Client.Outcome after = Iperf3Client.runWhenFree(target.iperfPort(), "-t", "1");
        assertEquals(0, after.exitCode(), after.output());
    }

    @Test
    void parametersDrippedAfterAWholeCookieAreDroppedAtTheirPhasesDeadline() throws Exception {
        try (Socket s = connect()) {
            ControlChannel channel = new ControlChannel(s.getInputStream(), s.getOutputStream());
            channel.writeCookie(Cookie.random(new Random(2)));
            s.setSoTimeout(10_000);
            assertEquals(IperfState.PARAM_EXCHANGE, channel.readState());
            s.setSoTimeout(1500);
            OutputStream out = s.getOutputStream();
            int sent = 0;
            boolean dropped = false;
            // the JSON's 4-byte length, then its text, a byte every 1.5 s: at most 10 (15 s)
            byte[] message = "\0\0\0\u0010{\"tcp\":true}    ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            while (!dropped && sent < 10) {
                try {
                    out.write(message[sent]);
                    sent++;
                    assertEquals(-1, s.getInputStream().read(), "the server answered parameters it never got whole");
                    dropped = true;
                } catch (SocketTimeoutException stillHeld) {
                    // the server still waits for the rest: drip on
                } catch (IOException reset) {
                    dropped = true;
                }
            }
            assertTrue(dropped, "still held after " + sent + " bytes dripped 1.5 s apart; the phase deadline is 2 s");
        }
    }

    @Test
    void parallelBeyondIntsRangeGetsIperf3sErrorNotA128StreamTest() throws Exception {
        try (Socket s = connect()) {
            s.setSoTimeout(10_000);
            ControlChannel channel = new ControlChannel(s.getInputStream(), s.getOutputStream());
            channel.writeCookie(Cookie.random(new Random(1)));
            assertEquals(IperfState.PARAM_EXCHANGE, channel.readState());
            // 2^32 + 128: cast to int it read as 128, the limit exactly
            var params = ControlChannel.object().put("tcp", true).put("time", 1).put("parallel", 4294967424L);
            channel.writeJson(params);
            IperfState answer = channel.readState();
            assertNotEquals(IperfState.CREATE_STREAMS, answer, "a 2^32+128-stream test was accepted");
            assertEquals(IperfState.SERVER_ERROR, answer);
            assertEquals(IperfErrno.NUM_STREAMS, channel.readServerError());
        }
    }

    private static Socket connect() throws IOException, InterruptedException {
        for (int i = 0; ; i++) {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", target.iperfPort()), 5000);
            s.setSoTimeout(300);
            // a server still busy with the test before answers ACCESS_DENIED at once: try again, 20 times at most
            try {
                int first = s.getInputStream().read();
                s.close();
                assertTrue(i < 20 && first == IperfState.ACCESS_DENIED.code(), "unexpected first byte " + first);
                Thread.sleep(250);
            } catch (SocketTimeoutException silentMeansOurs) {
                return s;
            }
        }
    }
}
