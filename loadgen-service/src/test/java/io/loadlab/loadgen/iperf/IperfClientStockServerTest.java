package io.loadlab.loadgen.iperf;

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
class IperfClientStockServerTest {

    private static final IperfClient CLIENT = new IperfClient(System::nanoTime, new Random(), Duration.ofSeconds(10));

    private static IperfSpec spec(int port, Protocol protocol, int streams, Direction direction, long bitrate, int length) {
        return new IperfSpec("127.0.0.1", port, protocol, streams, direction, bitrate, length, Duration.ofSeconds(1), Duration.ZERO);
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
            IperfReport r = run(server, spec(server.port(), Protocol.TCP, 1, Direction.DOWN, 0, 0));
            StreamFigures down = r.direction("down").sum();
            assertEquals(serverBytes(server.report(), "sum_sent"), down.receivedBytes());
            assertEquals(down.sentBytes(), down.receivedBytes());
        }
    }

    @Test
    void tcpBidirWithTwoStreamsEachWay() throws Exception {
        try (StockIperf3Server server = StockIperf3Server.start()) {
            IperfReport r = run(server, spec(server.port(), Protocol.TCP, 2, Direction.BIDIR, 0, 0));
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
}
