package io.loadlab.loadgen.calibrate;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.HttpRunDriver;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calibration responder, driven by the loadgen's own HTTP engine and by a raw socket. */
class LoopbackResponderTest {

    private static final byte[] BODY = "{\"code\":200,\"msg\":\"ok\",\"body\":[]}".getBytes(StandardCharsets.UTF_8);
    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + BODY.length + "\r\n";

    /** The responder's count is the truth the calibration checks the loadgen against: they must agree exactly. */
    @ParameterizedTest(name = "keepAlive={0}")
    @ValueSource(booleans = {true, false})
    void theLoadgensRunCountsExactlyWhatTheResponderAnswered(boolean keepAlive) throws Exception {
        try (LoopbackResponder responder = LoopbackResponder.start(1, BODY)) {
            HttpRunSpec spec = new HttpRunSpec(responder.uri(), "POST", Map.of("Content-Type", "application/json"),
                    "{\"number\":2}", 4, 1, Duration.ofMillis(800), Duration.ofMillis(200), 0, keepAlive,
                    Duration.ofSeconds(5));
            LoadRun run = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler()).start(spec);
            RunOutcome outcome = run.done().toCompletableFuture().get(30, TimeUnit.SECONDS);
            HttpReport r = (HttpReport) outcome.report();
            assertNull(outcome.failure());
            assertTrue(r.requests() > 0);
            assertEquals(0, r.errors().total(), () -> "errors " + r.errors());
            assertEquals(responder.answered(), r.requests() + r.warmupRequests(), "the loadgen's count is the responder's");
            int answer = HEAD.length() + (keepAlive ? 0 : "Connection: close\r\n".length()) + 2 + BODY.length;
            assertEquals((long) answer * r.requests(), r.bytesReceived());
        }
    }

    @Test
    void answersPipelinedRequestsWithBodiesInOrderAndClosesWhenAsked() throws Exception {
        try (LoopbackResponder responder = LoopbackResponder.start(1, BODY);
             Socket s = new Socket("127.0.0.1", responder.uri().getPort())) {
            String post = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello";
            String close = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            s.getOutputStream().write((post + post + post + close).getBytes(StandardCharsets.US_ASCII));
            String all = readToEnd(s.getInputStream());
            String body = new String(BODY, StandardCharsets.UTF_8);
            String expected = (HEAD + "\r\n" + body).repeat(3) + HEAD + "Connection: close\r\n\r\n" + body;
            assertEquals(expected, all, "three kept-alive answers, then one that closes, then end of stream");
            assertEquals(4, responder.answered());
        }
    }

    private static String readToEnd(InputStream in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        for (int n; (n = in.read(buf)) >= 0; ) {
            out.write(buf, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
