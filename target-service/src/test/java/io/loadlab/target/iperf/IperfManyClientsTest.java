package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Protocol;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import io.loadlab.common.iperf.ControlChannel;
import io.loadlab.common.iperf.Cookie;
import io.loadlab.common.iperf.IperfState;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Random;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code target.iperf.max-clients=2}: two stock {@code iperf3 -c} run at once against the one server, TCP or UDP,
 * each with its own test and results, and a third is told busy, as iperf3 tells a second client today.
 */
@SystemTest
@QuarkusTest
@TestProfile(IperfManyClientsTest.TwoClients.class)
class IperfManyClientsTest {

    public static class TwoClients implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("target.iperf.max-clients", "2");
        }
    }

    @Inject
    IperfServer server;

    @Inject
    IperfCounters counters;

    @Test
    void twoClientsRunTogetherEachWithItsOwnBytesAndAThirdIsBusy() throws Exception {
        long received = counters.received(Protocol.TCP);
        long denied = counters.denied();
        Process a = start("-t", "2", "-P", "2", "-J");
        Process b = start("-t", "2", "-J");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.running() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(2, server.running(), "both tests held the server at once");
            assertTrue(server.busy(), "two of two slots taken");
            Iperf3Client.Outcome third = Iperf3Client.run(server.port(), "-t", "1");
            assertNotEquals(0, third.exitCode(), third.output());
            assertTrue(third.output().contains("the server is busy running a test"), third.output());
            assertEquals(denied + 1, counters.denied());
            Iperf3Client.Outcome first = end(a);
            Iperf3Client.Outcome second = end(b);
            assertEquals(0, first.exitCode(), first.output());
            assertEquals(0, second.exitCode(), second.output());
            long sentA = first.end("sum_sent", "bytes");
            long sentB = second.end("sum_sent", "bytes");
            assertTrue(sentA > 0 && sentB > 0, first.output() + second.output());
            assertEquals(sentA, first.end("sum_received", "bytes"), "test a's own results: what a sent");
            assertEquals(sentB, second.end("sum_received", "bytes"), "test b's own results: what b sent");
            assertEquals(2, first.json().path("end").path("streams").size(), "a's two streams, none of b's");
            assertEquals(1, second.json().path("end").path("streams").size());
            assertEquals(sentA + sentB, counters.received(Protocol.TCP) - received, "the meter counted both tests");
            assertEquals(denied + 1, counters.denied(), "no stream of either test was turned away");
        } finally {
            a.destroyForcibly();
            b.destroyForcibly();
        }
        awaitNoTest();
    }

    /** A session ends just after its client (a second on a loaded machine): the next test method needs both slots. */
    private void awaitNoTest() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.running() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, server.running(), "both tests ended");
    }

    /**
     * Two UDP tests at once on the one UDP port, one sending to the target ({@code -P 2}, 1400-byte datagrams) and
     * one receiving from it ({@code -R}, 1200-byte): their setups take turns, their measured seconds overlap, and
     * each one's figures are its own (the target credits datagrams by sender address), the meters their sum.
     */
    @Test
    void twoUdpTestsShareThePortEachWithItsOwnDatagramsAndAThirdIsBusy() throws Exception {
        long received = counters.received(Protocol.UDP);
        long sent = counters.sent(Protocol.UDP);
        long denied = counters.denied();
        Process up = start("-u", "-b", "10M", "-l", "1400", "-P", "2", "-t", "2", "-J");
        Process down = start("-u", "-b", "10M", "-l", "1200", "-R", "-t", "2", "-J");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.running() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(2, server.running(), "both UDP tests held the server at once");
            Iperf3Client.Outcome third = Iperf3Client.run(server.port(), "-u", "-t", "1");
            assertNotEquals(0, third.exitCode(), third.output());
            assertTrue(third.output().contains("the server is busy running a test"), third.output());
            Iperf3Client.Outcome a = end(up);
            Iperf3Client.Outcome b = end(down);
            assertEquals(0, a.exitCode(), a.output());
            assertEquals(0, b.exitCode(), b.output());
            long aSent = a.end("sum_sent", "packets");
            long aLost = a.end("sum_received", "lost_packets");
            long aReceived = a.end("sum_received", "bytes");
            assertTrue(aSent > 0, a.output());
            assertEquals((aSent - aLost) * 1400, aReceived, "the target received what a sent less what a lost, "
                    + "all in a's 1400-byte datagrams:\n" + a.output());
            assertEquals(aSent, a.end("sum_received", "packets"), "a's sequence numbers, none of b's");
            assertEquals(2, a.json().path("end").path("streams").size(), "a's two streams");
            assertEquals(aReceived, counters.received(Protocol.UDP) - received, "the receive meter: a's datagrams alone");
            long bSent = b.end("sum_sent", "bytes");
            assertTrue(bSent > 0 && bSent % 1200 == 0, "b's own 1200-byte datagrams:\n" + b.output());
            assertEquals(bSent, counters.sent(Protocol.UDP) - sent, "the send meter: b's datagrams alone");
            long bReceived = b.end("sum_received", "bytes");
            assertTrue(bReceived > 0 && bReceived + b.end("sum_received", "lost_packets") * 1200 <= bSent, b.output());
            assertEquals(1, b.json().path("end").path("streams").size());
            assertEquals(denied + 1, counters.denied(), "only the third was turned away");
        } finally {
            up.destroyForcibly();
            down.destroyForcibly();
        }
        awaitNoTest();
    }

    /**
     * A new test's control connection that reaches a collecting test first (it reads the cookie, finds it another's
     * and hands it back) while the other slot's test is finishing: it waits for that test, as one at the listener
     * does, instead of being denied. The third of three agents' tests was so denied in a CI run, the stock client's
     * test before them not yet tidied away.
     */
    @Test
    void aNewTestHandedBackByACollectingOneWaitsForTheFinishingTest() throws Exception {
        long denied = counters.denied();
        try (RawIperfTest finishing = RawIperfTest.finishing(server.port(), 11);
             RawIperfTest collecting = RawIperfTest.collecting(server.port(), 12);
             Socket next = RawIperfTest.connect(server.port())) {
            assertEquals(2, server.running(), "both slots held");
            ControlChannel third = new ControlChannel(next.getInputStream(), next.getOutputStream());
            third.writeCookie(Cookie.random(new Random(13)));
            next.setSoTimeout(500);
            assertThrows(SocketTimeoutException.class, () -> next.getInputStream().read(),
                    "answered (ACCESS_DENIED) while the finishing test still held its slot");
            finishing.done();
            next.setSoTimeout(10_000);
            assertEquals(IperfState.PARAM_EXCHANGE, third.readState(), "served once the finishing test ended");
            collecting.runToResults();
            collecting.done();
            assertEquals(denied, counters.denied(), "nothing was turned away");
        }
        awaitNoTest();
    }

    /**
     * A connection that reaches a collecting test and has sent nothing when that test's own stream completes it (it is
     * in the test's queue first, so always read after it) goes back to the server unread and starts a test of its own.
     * It was denied: a CI run's third agent had its control connection so refused while the first agent's test took
     * its one stream.
     */
    @Test
    void aConnectionSilentWhenTheCollectingTestHasItsStreamsStartsATestOfItsOwn() throws Exception {
        long denied = counters.denied();
        try (RawIperfTest collecting = RawIperfTest.collecting(server.port(), 21);
             Socket next = RawIperfTest.connect(server.port())) {
            collecting.runToResults();
            ControlChannel second = new ControlChannel(next.getInputStream(), next.getOutputStream());
            second.writeCookie(Cookie.random(new Random(22)));
            assertEquals(IperfState.PARAM_EXCHANGE, second.readState(), "a test of its own, not ACCESS_DENIED");
            collecting.done();
            assertEquals(denied, counters.denied(), "nothing was turned away");
        }
        awaitNoTest();
    }

    @Test
    void aCountOutsideOneTo64FailsTheStartNamingTheKey() {
        IperfServer.checkMaxClients(1);
        IperfServer.checkMaxClients(64);
        for (int bad : List.of(0, 65, -1)) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> IperfServer.checkMaxClients(bad))
                    .getMessage().contains("target.iperf.max-clients"));
        }
    }

    private Process start(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("iperf3", "-c", "127.0.0.1", "-p",
                Integer.toString(server.port())));
        cmd.addAll(List.of(args));
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return fail("iperf3 is required for this test (Debian/Ubuntu: apt-get install iperf3): " + e.getMessage());
        }
    }

    private static Iperf3Client.Outcome end(Process p) throws Exception {
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            fail("iperf3 did not end within 30 s");
        }
        return new Iperf3Client.Outcome(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
