package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.testsupport.RealTarget;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine against the real target service's iperf3 server: both ends drain, so sent and received bytes agree
 * exactly both ways, and equal the target's own meter; a second client meanwhile is refused as busy.
 */
@SystemTest
class IperfClientTargetTest {

    private static final IperfClient CLIENT = new IperfClient(System::nanoTime, new Random(), Duration.ofSeconds(10));
    @RegisterExtension
    static final RealTarget target = new RealTarget();

    private IperfReport run(Protocol protocol, int streams, Direction direction, long bitrate, int length) {
        IperfReport r = CLIENT.run(new IperfSpec(IperfSpec.target("127.0.0.1", target.process().iperfPort()), protocol, streams, direction, bitrate, length,
                Duration.ofSeconds(1), Duration.ZERO));
        assertNull(r.error(), () -> IperfTextReport.render(r));
        return r;
    }

    @Test
    void tcpBidirWithFourStreamsAgreesExactlyBothWays() throws Exception {
        long receivedBefore = target.process().iperfBytes("tcp", "received");
        long sentBefore = target.process().iperfBytes("tcp", "sent");
        IperfReport r = run(Protocol.TCP, 4, Direction.BIDIR, 0, 0);
        StreamFigures up = r.direction("up").sum();
        StreamFigures down = r.direction("down").sum();
        assertTrue(up.sentBytes() > 0 && down.sentBytes() > 0, IperfTextReport.render(r));
        assertEquals(up.sentBytes(), up.receivedBytes());
        assertEquals(down.sentBytes(), down.receivedBytes());
        assertEquals(up.sentBytes(), target.process().iperfBytes("tcp", "received") - receivedBefore);
        assertEquals(down.sentBytes(), target.process().iperfBytes("tcp", "sent") - sentBefore);
        assertEquals(8, r.direction("up").streams().size() + r.direction("down").streams().size());
    }

    @Test
    void udpUpAndDownAtABitrate() throws Exception {
        long before = target.process().iperfBytes("udp", "received");
        IperfReport r = run(Protocol.UDP, 4, Direction.UP, 20_000_000, 1400);
        StreamFigures up = r.direction("up").sum();
        assertEquals(up.sentBytes(), up.receivedBytes() + up.lost() * 1400, IperfTextReport.render(r));
        assertEquals(up.receivedBytes(), target.process().iperfBytes("udp", "received") - before);
        IperfReport down = run(Protocol.UDP, 1, Direction.DOWN, 10_000_000, 1200);
        StreamFigures d = down.direction("down").sum();
        assertEquals(d.sentBytes(), d.receivedBytes() + d.lost() * 1200, IperfTextReport.render(down));
    }

    @Test
    void theTextReportHasIperf3sSummaryLines() {
        IperfReport r = run(Protocol.TCP, 2, Direction.UP, 0, 0);
        String text = IperfTextReport.render(r);
        assertTrue(text.contains("[SUM]   0.00-1.00   sec"), text);
        assertTrue(text.contains("sec  sender") || text.contains("/sec  sender"), text);
        assertTrue(text.contains("receiver"), text);
        assertTrue(text.contains("iperf Done."), text);
    }

    private IperfReport warmedUdp(Direction direction) {
        IperfReport r = CLIENT.run(new IperfSpec(IperfSpec.target("127.0.0.1", target.process().iperfPort()), Protocol.UDP, 1,
                direction, 8_000_000, 1400, Duration.ofSeconds(2), Duration.ofSeconds(1)));
        assertNull(r.error(), () -> IperfTextReport.render(r));
        return r;
    }

    /**
     * Up with a warm-up: the target drains to the cumulative count we send and its omit window ends before ours
     * (both decided as each datagram is counted, on one machine's clock), so what it received after its window,
     * with what it lost, covers all we sent after ours; our packets are those we sent after ours.
     */
    @Test
    void udpUpWithWarmupIsWhollyAccountedFor() {
        IperfReport r = warmedUdp(Direction.UP);
        StreamFigures up = r.direction("up").sum();
        assertEquals(up.sentBytes(), up.packets() * 1400, IperfTextReport.render(r));
        assertTrue(up.receivedBytes() + up.lost() * 1400 >= up.sentBytes(), IperfTextReport.render(r));
        assertTrue(up.packets() > 0, IperfTextReport.render(r));
    }

    /**
     * Down with a warm-up: the target sends its cumulative count, we drain to it and take off the highest sequence
     * number we had at our warm-up's end (taken by the receiving thread with the bytes), so every measured packet
     * is one we received or counted lost. Reporting the cumulative count added the warm-up's ~700 datagrams.
     */
    @Test
    void udpDownWithWarmupCountsOnlyMeasuredPackets() {
        IperfReport r = warmedUdp(Direction.DOWN);
        StreamFigures down = r.direction("down").sum();
        assertEquals(down.packets() * 1400, down.receivedBytes() + down.lost() * 1400, IperfTextReport.render(r));
        assertTrue(down.packets() > 0 && down.packets() * 1400 <= down.sentBytes(), IperfTextReport.render(r));
    }
}
