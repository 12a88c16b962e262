package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Protocol;
import io.loadlab.testsupport.SystemTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
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
 * {@code target.iperf.max-clients=2}: two stock {@code iperf3 -c} run at once against the one server, each with its
 * own test and results, and a third is told busy, as iperf3 tells a second client today.
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
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.running() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, server.running(), "both tests ended");
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
