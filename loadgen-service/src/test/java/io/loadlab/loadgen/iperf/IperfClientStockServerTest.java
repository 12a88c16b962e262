package io.loadlab.loadgen.iperf;

import io.loadlab.testsupport.SystemTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine against Debian's stock {@code iperf3 -s}: each mode of the matrix, its byte counts compared with
 * the server's own JSON report. Up: the server's received bytes are what the engine reports as received, and no
 * more than it sent (iperf3's server stops reading at TEST_END). Down: the engine received exactly what the server
 * says it sent (TCP), or that less what it counted lost (UDP).
 */
@SystemTest
class IperfClientStockServerTest {

    private static final IperfClient CLIENT = new IperfClient(System::nanoTime, new Random(), Duration.ofSeconds(10));

    private static IperfSpec spec(int port, Protocol protocol, int streams, Direction direction, long bitrate, int length) {
        return new IperfSpec(IperfSpec.target("127.0.0.1", port), protocol, streams, direction, bitrate, length, Duration.ofSeconds(1), Duration.ZERO);
    }

    private static IperfSpec warmedUdp(int port, Direction direction) {
        return new IperfSpec(IperfSpec.target("127.0.0.1", port), Protocol.UDP, 1, direction, 8_000_000, 1400,
                Duration.ofSeconds(2), Duration.ofSeconds(1));
    }

    private static long serverSum(JsonNode report, String field) {
        JsonNode n = report.path("end").path("sum").path(field);
        assertTrue(n.isNumber(), () -> "no end.sum." + field + " in " + report);
        return n.asLong();
    }

    private static long serverBytes(JsonNode report, String sum) {
        JsonNode n = report.path("end").path(sum).path("bytes");
        assertTrue(n.isNumber(), () -> "no end." + sum + ".bytes in " + report);
        return n.asLong();
    }

    private static IperfReport run(StockIperf3Server server, IperfSpec spec) {
        IperfReport r = CLIENT.run(spec);
        assertNull(r.error(), () -> IperfTextReport.render(r));
        return r;
    }

    @Test
    void tcpUpWithFourStreams() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.TCP, 4, Direction.UP, 0, 0));
            JsonNode json = server.report();
            StreamFigures up = r.direction("up").sum();
            assertEquals(serverBytes(json, "sum_received"), up.receivedBytes());
            assertTrue(up.receivedBytes() > 0 && up.receivedBytes() <= up.sentBytes(), IperfTextReport.render(r));
            assertEquals(4, r.direction("up").streams().size());
            assertEquals(up.sentBytes(), r.direction("up").streams().stream().mapToLong(StreamFigures::sentBytes).sum());
        }
    }

    @Test
    void tcpDownReceivesEveryByteTheServerSent() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.TCP, 4, Direction.DOWN, 0, 0));
            StreamFigures down = r.direction("down").sum();
            assertEquals(serverBytes(server.report(), "sum_sent"), down.receivedBytes());
            assertEquals(down.sentBytes(), down.receivedBytes());
            assertEquals(4, r.direction("down").streams().size());
            assertTrue(IperfTextReport.render(r).contains("sender"), IperfTextReport.render(r));
        }
    }

    @Test
    void tcpBidirWithFourStreamsEachWay() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.TCP, 4, Direction.BIDIR, 0, 0));
            JsonNode json = server.report();
            StreamFigures up = r.direction("up").sum();
            StreamFigures down = r.direction("down").sum();
            assertTrue(up.receivedBytes() > 0 && up.receivedBytes() <= up.sentBytes());
            assertEquals(down.sentBytes(), down.receivedBytes(), IperfTextReport.render(r));
            // iperf3 -s -J under --bidir: its received in sum_received, its sent in sum_sent_bidir_reverse
            assertEquals(serverBytes(json, "sum_received"), up.receivedBytes());
            assertEquals(serverBytes(json, "sum_sent_bidir_reverse"), down.receivedBytes());
        }
    }

    @Test
    void udpUpWithFourStreams() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.UDP, 4, Direction.UP, 20_000_000, 1400));
            JsonNode json = server.report();
            StreamFigures up = r.direction("up").sum();
            assertEquals(serverBytes(json, "sum_received"), up.receivedBytes());
            assertEquals(up.sentBytes(), up.receivedBytes() + up.lost() * 1400, IperfTextReport.render(r));
            assertEquals(up.sentBytes(), up.packets() * 1400);
        }
    }

    @Test
    void udpDownCountsEveryDatagramReceivedOrLost() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.UDP, 1, Direction.DOWN, 10_000_000, 1200));
            StreamFigures down = r.direction("down").sum();
            assertEquals(serverBytes(server.report(), "sum_sent"), down.sentBytes());
            assertEquals(down.sentBytes(), down.receivedBytes() + down.lost() * 1200, IperfTextReport.render(r));
            assertEquals(0, down.outOfOrder());
        }
    }

    @Test
    void udpBidir() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.UDP, 1, Direction.BIDIR, 5_000_000, 1000));
            server.report();
            StreamFigures up = r.direction("up").sum();
            StreamFigures down = r.direction("down").sum();
            assertEquals(up.sentBytes(), up.receivedBytes() + up.lost() * 1000, IperfTextReport.render(r));
            assertEquals(down.sentBytes(), down.receivedBytes() + down.lost() * 1000, IperfTextReport.render(r));
            assertTrue(r.direction("up").intervals().size() == 1 && r.direction("down").intervals().size() == 1);
        }
    }

    /**
     * Up with a warm-up, read on the wire by {@code iperf3 -s -d}: iperf3 3.12's client sends bytes after its
     * omit window but packets whole ({@code iperf3 -u -O 1 -d} sent 115 packets for 76 shown), because each side
     * takes its own omitted count off; a server that drains to it (the target's) needs the whole count. So what we
     * send is no less than the highest sequence number the server saw (its intervals' packets, omitted ones
     * included), and more than our measured packets. A post-warm-up count sent 1,429 for 2,143 seen.
     * Not asserted: that it is at least our measured packets plus those the server counted in its omit window. That
     * window ends when the server's own timer fires, which a busy machine delays: on a clean clone beside the
     * other tests, the server counted more than 709 packets omitted and the relation failed (2,143 sent, 1,434
     * measured), with the count on the wire right.
     */
    @Test
    void udpUpWithWarmupSendsTheCumulativeCountOnTheWire() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start(true)) {
            IperfReport r = run(server, warmedUdp(server.port(), Direction.UP));
            JsonNode json = server.report();
            long wire = server.clientResults().path("streams").path(0).path("packets").asLong(-1);
            StreamFigures up = r.direction("up").sum();
            long seen = 0;
            long seenOmitted = 0;
            for (JsonNode interval : json.path("intervals")) {
                long p = interval.path("sum").path("packets").asLong();
                seen += p;
                seenOmitted += interval.path("sum").path("omitted").asBoolean() ? p : 0;
            }
            assertEquals(serverSum(json, "lost_packets"), up.lost(), IperfTextReport.render(r));
            assertEquals(up.sentBytes(), up.packets() * 1400, "the report's packets are the measured ones");
            assertTrue(seenOmitted > 0 && seen > seenOmitted, () -> "no omitted and measured intervals: " + json.path("intervals"));
            long highest = seen;
            assertTrue(wire >= highest, () -> "sent packets " + wire + " < the highest sequence number the server saw, " + highest);
            assertTrue(wire > up.packets(), () -> "sent packets " + wire + " leave out the warm-up's: measured " + up.packets());
        }
    }

    /**
     * Down with a warm-up: the report's packets and lost are those after our warm-up (the server's cumulative
     * count less the highest sequence number we had seen when it ended), so they fit inside what the server says
     * it sent after its own, earlier, omit window, and cover what we received after ours.
     */
    @Test
    void udpDownWithWarmupReportsOnlyTheMeasuredDatagrams() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, warmedUdp(server.port(), Direction.DOWN));
            server.report();
            StreamFigures down = r.direction("down").sum();
            assertTrue(down.packets() * 1400 <= down.sentBytes(),
                    () -> down.packets() + " packets is more than the server sent after its omit window: " + IperfTextReport.render(r));
            assertTrue(down.receivedBytes() + down.lost() * 1400 <= down.packets() * 1400, IperfTextReport.render(r));
            assertTrue(down.receivedBytes() > 0, IperfTextReport.render(r));
        }
    }
}
