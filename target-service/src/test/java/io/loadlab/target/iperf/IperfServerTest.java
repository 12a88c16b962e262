package io.loadlab.target.iperf;

import io.loadlab.testsupport.SystemTest;
import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfState;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamResult;
import io.loadlab.common.iperf.TestResults;
import io.loadlab.target.metrics.Scrape;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Debian's iperf3 client against the target's iperf3 server: every mode the issue names, and the byte counts
 * of both ends, and of the target's meter, compared exactly.
 */
@SystemTest
@QuarkusTest
class IperfServerTest {

    @Inject
    IperfServer server;

    @Inject
    IperfCounters counters;

    @AfterEach
    void serverIsFreeAgain() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.busy() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(!server.busy(), "the test ended but the server still holds it");
    }

    @Test
    void tcpUploadWithFourStreamsCountsEveryByteTheClientSent() throws InterruptedException {
        long before = counters.received(Protocol.TCP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-t", "1", "-P", "4", "-J"));
        long sent = run.end("sum_sent", "bytes");
        assertTrue(sent > 0, run.output());
        assertEquals(sent, run.end("sum_received", "bytes"), "the target received what the client sent");
        assertEquals(sent, counters.received(Protocol.TCP) - before, "the meter counted what the client sent");
        assertEquals(4, run.json().path("end").path("streams").size());
    }

    @Test
    void tcpReverseReportsWhatTheTargetSent() throws InterruptedException {
        long before = counters.sent(Protocol.TCP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-t", "1", "-R", "-J"));
        long targetSent = run.end("sum_sent", "bytes");
        assertEquals(targetSent, counters.sent(Protocol.TCP) - before, "the meter counted what the target reported");
        long clientReceived = run.end("sum_received", "bytes");
        assertTrue(clientReceived > 0 && clientReceived <= targetSent, run.output());
    }

    @Test
    void tcpBidirCountsBothWays() throws InterruptedException {
        long receivedBefore = counters.received(Protocol.TCP);
        long sentBefore = counters.sent(Protocol.TCP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-t", "1", "-P", "2", "--bidir", "-J"));
        long up = run.end("sum_sent", "bytes");
        assertEquals(up, run.end("sum_received", "bytes"));
        assertEquals(up, counters.received(Protocol.TCP) - receivedBefore);
        long down = run.end("sum_sent_bidir_reverse", "bytes");
        assertEquals(down, counters.sent(Protocol.TCP) - sentBefore);
        assertTrue(run.end("sum_received_bidir_reverse", "bytes") <= down);
    }

    @Test
    void udpUploadWithFourStreamsAtABitrate() throws InterruptedException {
        long before = counters.received(Protocol.UDP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-u", "-b", "20M", "-l", "1400", "-t", "1", "-P", "4", "-J"));
        long sent = run.end("sum_sent", "bytes");
        long received = run.end("sum_received", "bytes");
        long lost = run.end("sum_received", "lost_packets");
        assertEquals(received, counters.received(Protocol.UDP) - before, "the meter counted what the target reported");
        assertEquals(sent, received + lost * 1400, "every datagram sent was received or counted lost:\n" + run.output());
        assertEquals(run.end("sum_sent", "packets"), run.end("sum_received", "packets"));
    }

    @Test
    void udpReverseSendsNumberedDatagramsTheClientAccountsFor() throws InterruptedException {
        long before = counters.sent(Protocol.UDP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-u", "-b", "10M", "-l", "1200", "-t", "1", "-R", "-J"));
        long sent = run.end("sum_sent", "bytes");
        assertEquals(sent, counters.sent(Protocol.UDP) - before);
        long received = run.end("sum_received", "bytes");
        long lost = run.end("sum_received", "lost_packets");
        assertTrue(received > 0, run.output());
        // The client stops reading at its own end: the last datagrams may be in flight, never more than were sent.
        assertTrue(received + lost * 1200 <= sent, run.output());
    }

    @Test
    void udpBidirWith64BitCounters() throws InterruptedException {
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-u", "-b", "10M", "-l", "1000", "-t", "1",
                "--bidir", "--udp-counters-64bit", "-J"));
        assertEquals(run.end("sum_sent", "bytes"), run.end("sum_received", "bytes") + run.end("sum_received", "lost_packets") * 1000);
        assertTrue(run.end("sum_received_bidir_reverse", "bytes") > 0, run.output());
    }

    /**
     * {@code -O 1} both ways: iperf3 3.12's server leaves what moved before its omit timer fired out of the results it
     * sends (bytes since then; its meter here counts every byte), so the target's figures are less than it counted.
     * Its omit window starts before it writes TEST_START and the client's when it reads it, so the target's ends
     * first: what it reports receiving holds at least what the client reports sending after its own.
     */
    @Test
    void tcpOmittedSecondsAreLeftOutOfTheTargetsFiguresBothWays() throws InterruptedException {
        long receivedBefore = counters.received(Protocol.TCP);
        long sentBefore = counters.sent(Protocol.TCP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-t", "2", "-O", "1", "--bidir", "-J"));
        long up = run.end("sum_sent", "bytes");
        long targetReceived = run.end("sum_received", "bytes");
        long targetCounted = counters.received(Protocol.TCP) - receivedBefore;
        assertTrue(up > 0, run.output());
        assertTrue(targetReceived >= up, "the target's window ended first: " + targetReceived + " < " + up);
        assertTrue(targetReceived < targetCounted, "the omitted second left out: " + targetReceived + " of " + targetCounted);
        long targetSent = run.end("sum_sent_bidir_reverse", "bytes");
        long targetSentCounted = counters.sent(Protocol.TCP) - sentBefore;
        assertTrue(targetSent > 0 && targetSent < targetSentCounted,
                "the omitted second left out: " + targetSent + " of " + targetSentCounted + " sent");
    }

    /**
     * UDP with {@code -O 1}: bytes after the target's omit window, as iperf3's server reports them; packets and
     * errors whole, as it sends them, which the client turns into the packets after its own window.
     */
    @Test
    void udpOmittedSecondsAreLeftOutOfTheTargetsBytes() throws InterruptedException {
        long before = counters.received(Protocol.UDP);
        Iperf3Client.Outcome run = ok(Iperf3Client.run(server.port(), "-u", "-b", "10M", "-l", "1000", "-t", "2",
                "-O", "1", "-J"));
        long sent = run.end("sum_sent", "bytes");
        long received = run.end("sum_received", "bytes");
        long lost = run.end("sum_received", "lost_packets");
        long counted = counters.received(Protocol.UDP) - before;
        assertTrue(sent > 0, run.output());
        assertTrue(received < counted, "the omitted second left out: " + received + " of " + counted);
        assertTrue(received + lost * 1000 >= sent, "the target's window ended first:\n" + run.output());
        assertEquals(run.end("sum_sent", "packets"), run.end("sum_received", "packets"), "packets whole, as iperf3 sends them");
    }

    @Test
    void aSecondClientIsToldTheServerIsBusy() throws Exception {
        long deniedBefore = counters.denied();
        Process first = new ProcessBuilder("iperf3", "-c", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "3")
                .redirectErrorStream(true).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.busy() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(server.busy(), "the first test never started");
            Iperf3Client.Outcome second = Iperf3Client.run(server.port(), "-t", "1");
            assertNotEquals(0, second.exitCode(), second.output());
            assertTrue(second.output().contains("the server is busy running a test"), second.output());
            assertEquals(deniedBefore + 1, counters.denied());
            assertTrue(first.waitFor(20, TimeUnit.SECONDS), "the first test did not end");
            assertEquals(0, first.exitValue(), new String(first.getInputStream().readAllBytes()));
        } finally {
            first.destroyForcibly();
        }
    }

    @Test
    void aTestLongerThanTheLimitIsRefusedWithIperf3sMessage() throws InterruptedException {
        Iperf3Client.Outcome run = Iperf3Client.run(server.port(), "-t", "3601");
        assertNotEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("test duration too long"), run.output());
    }

    @Test
    void theMeterIsInPrometheus() throws InterruptedException {
        ok(Iperf3Client.run(server.port(), "-t", "1", "-J"));
        assertEquals((double) counters.received(Protocol.TCP),
                Scrape.now().value("target_iperf_bytes_total", "direction=\"received\"", "protocol=\"tcp\""));
        assertTrue(Scrape.now().value("target_iperf_tests_total", "outcome=\"completed\"") >= 1);
    }

    private static Iperf3Client.Outcome ok(Iperf3Client.Outcome run) {
        assertEquals(0, run.exitCode(), run.output());
        return run;
    }

    /**
     * A client that has its results may start its next test at once. The listener answered it ACCESS_DENIED while
     * the test before still waited for IPERF_DONE (a loadgen test failed so in CI); iperf3 would hold it in the
     * backlog. Here the first client withholds IPERF_DONE: the second is not denied, and is served once it comes.
     */
    @Test
    void aClientArrivingAfterTheResultsWaitsForTheTestBeforeInsteadOfBeingDenied() throws Exception {
        long deniedBefore = counters.denied();
        try (RawIperfTest first = RawIperfTest.finishing(server.port(), 7); Socket next = new Socket()) {
            next.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            next.setSoTimeout(500);
            assertThrows(SocketTimeoutException.class, () -> next.getInputStream().read(),
                    "the next client was answered before the test before ended");
            first.done();
            next.setSoTimeout(10_000);
            ControlChannel second = new ControlChannel(next.getInputStream(), next.getOutputStream());
            second.writeCookie(Cookie.random(new Random(8)));
            assertEquals(IperfState.PARAM_EXCHANGE, second.readState());
            assertEquals(deniedBefore, counters.denied());
        }
    }
}
