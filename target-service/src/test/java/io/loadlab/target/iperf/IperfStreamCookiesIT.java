package io.loadlab.target.iperf;

import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.testsupport.SystemTest;
import io.loadlab.testsupport.TargetService;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A stream connection that is slow with its cookie must not hold up the others. Read one after another, the first,
 * silent one kept the two proper streams waiting until the phase's deadline (60 s here); read at once, the test
 * starts as soon as the proper two are in.
 */
@SystemTest
class IperfStreamCookiesIT {

    @Test
    void aSilentStreamConnectionHoldsUpNoneOfTheOthers() throws Exception {
        try (TargetService target = TargetService.startWith(List.of("-Dtarget.iperf.control-timeout=60s"));
             Socket control = connect(target)) {
            // 30 s: half the deadline, so only a test that waited for the silent connection runs into it
            control.setSoTimeout(30_000);
            ControlChannel channel = new ControlChannel(control.getInputStream(), control.getOutputStream());
            Cookie cookie = Cookie.random(new Random(7));
            channel.writeCookie(cookie);
            assertEquals(IperfState.PARAM_EXCHANGE, channel.readState());
            channel.writeJson(ControlChannel.object().put("tcp", true).put("time", 1).put("parallel", 2));
            assertEquals(IperfState.CREATE_STREAMS, channel.readState());
            try (Socket silent = connect(target); Socket first = connect(target); Socket second = connect(target)) {
                for (Socket s : List.of(first, second)) {
                    OutputStream out = s.getOutputStream();
                    out.write(cookie.wire());
                    out.flush();
                }
                assertEquals(IperfState.TEST_START, channel.readState(), "the test did not start with its two streams in");
                channel.writeState(IperfState.CLIENT_TERMINATE);
            }
        }
    }

    private static Socket connect(TargetService target) throws Exception {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", target.iperfPort()), 5000);
        return s;
    }
}
