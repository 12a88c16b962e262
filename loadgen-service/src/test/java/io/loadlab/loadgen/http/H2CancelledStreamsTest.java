package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.SystemNanoClock;
import io.loadlab.loadgen.run.IntervalScheduler;
import io.loadlab.loadgen.run.RunOutcome;
import io.loadlab.testsupport.Nginx;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static io.loadlab.loadgen.http.HttpRunDriverTest.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 42 case 6: streams the client cancels keep receiving DATA the server had sent before it read the RST_STREAM.
 * One h2c connection x 32 streams, a 100 ms timeout, against a real nginx answering 4 MiB per request (32 streams of
 * it take longer than 100 ms on loopback, so most requests time out). Those frames are dropped quietly: the connection
 * stays the one it was, with no read/write error and no GOAWAY. Before, the client answered each with an
 * RST_STREAM(STREAM_CLOSED), tripped Netty's guard on resets it sends itself (200 per 30 s), sent GOAWAY
 * ENHANCE_YOUR_CALM and reconnected.
 */
@SystemTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class H2CancelledStreamsTest {

    /** 4 MiB per answer: 32 in flight are 128 MiB, far more than 100 ms of one nginx core on loopback. */
    private static final String LARGE = "x".repeat(4 << 20);

    private final HttpRunDriver driver = new HttpRunDriver(new SystemNanoClock(), address -> true, new IntervalScheduler());
    private Nginx nginx;

    @BeforeAll
    void startNginx() throws Exception {
        nginx = Nginx.h2c(LARGE);
        // Netty's HTTP/2 classes load on the first run: on a busy machine that outlasted a 100 ms connection setup
        await(driver.start(Specs.h2(nginx.h2cUri("/missing"), 1, 1, 300, 0, 0, true, 2_000)), 15);
    }

    @AfterAll
    void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    @Test
    void framesOfCancelledStreamsAreDroppedAndTheConnectionStays() throws Exception {
        long acceptedBefore = nginx.counters()[0];
        HttpRunSpec spec = Specs.h2(nginx.h2cUri("/large"), 1, 32, 3_000, 0, 0, true, 100);
        RunOutcome outcome = await(driver.start(spec), 30);
        long accepted = nginx.counters()[0] - acceptedBefore - 1; // the second query counts itself
        HttpReport r = (HttpReport) outcome.report();

        String figures = r.connectionsOpened() + " TCP connection(s) opened, nginx accepted " + accepted + "; "
                + r.requests() + " answered, " + r.errors() + ", " + r.h2() + ", failure " + outcome.failure();

        assertEquals(1, r.connectionsOpened(), () -> "one TCP connection for one asked: " + figures);
        assertEquals(1, accepted, figures);
        assertEquals(0, r.h2().goaways(), figures);
        assertEquals(0, r.errors().readWrite(), () -> "no stream cut off with its connection: " + figures);
        assertEquals(0, r.errors().goaway(), figures);
        assertTrue(r.errors().timeout() > 0, () -> "cancelled streams: " + figures);
        assertEquals(r.errors().timeout(), r.errors().total(), () -> "timeouts and nothing else: " + figures);
        assertNull(outcome.failure(), figures);
        // What the client wrote: a HEADERS frame per request (13 bytes once HPACK indexed it) and an RST_STREAM per
        // cancel (13 bytes), with the preface and SETTINGS. 26,705 bytes for 1,428 requests, 609 of them cancelled;
        // answering each late DATA frame with a reset wrote 117,354 for 1,867 and 226.
        long frames = r.requests() + r.errors().total() + r.errors().timeout();
        assertTrue(r.bytesSent() <= 16 * frames + 1024, () -> r.bytesSent() + " bytes sent for " + frames
                + " HEADERS and RST_STREAM frames: " + figures);
    }
}
