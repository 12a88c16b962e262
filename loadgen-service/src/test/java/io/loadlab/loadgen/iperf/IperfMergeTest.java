package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.run.MergedParts;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An iperf run spread over agents merges its parts' reports as iperf3 sums its streams: bytes, packets and lost added,
 * loss from the sums, jitter the mean over every stream (iperf_api.c: {@code avg_jitter /= test->num_streams}),
 * intervals added by index, bits per second the sum of the agents'. Fixed reports through the kind's merge contract.
 */
class IperfMergeTest {

    private final IperfKind kind = new IperfKind(null, null, null);
    private static final MergedParts MERGED = new MergedParts(Map.of(), Map.of(), null, 3.0, 3, false);

    private static IperfSpec spec(Protocol protocol, int streams) {
        return new IperfSpec(IperfSpec.target("10.0.0.1", 5201), protocol, streams, Direction.UP, 1_000_000, 0,
                Duration.ofSeconds(2), Duration.ZERO);
    }

    private static StreamFigures udp(int id, long bytes, double seconds, double jitter, long lost, long packets) {
        return new StreamFigures(id, bytes + lost * 1000, bytes, seconds, null, jitter, lost, packets,
                StreamSums.percent(lost, packets), 0L);
    }

    private static IperfReport part(double seconds, List<StreamFigures> streams, List<IntervalFigures> intervals,
                                    double localCpu, double remoteCpu, String error) {
        IperfSpec spec = spec(Protocol.UDP, Math.max(1, streams.size()));
        return new IperfReport(spec, List.of(new DirectionReport("up", streams, StreamSums.sum(Protocol.UDP, streams, seconds),
                intervals)), new IperfReport.CpuUtilisation(localCpu, localCpu / 2, localCpu / 2),
                new IperfReport.CpuUtilisation(remoteCpu, remoteCpu, 0), error);
    }

    private IperfReport merge(IperfSpec whole, IperfReport... parts) {
        List<RunReport> list = Arrays.asList((RunReport[]) parts);
        return (IperfReport) kind.beginMerge(whole).merge(list, MERGED).orElseThrow();
    }

    @Test
    void udpPartsSumAsIperf3SumsItsStreams() {
        IperfReport a = part(2.0, List.of(udp(5, 200_000, 2.0, 1.0, 10, 1000), udp(7, 300_000, 2.0, 2.0, 0, 1000)),
                List.of(new IntervalFigures(0, 1, 240_000), new IntervalFigures(1, 2, 260_000)), 30, 12, null);
        IperfReport b = part(2.5, List.of(udp(5, 500_000, 2.5, 6.0, 30, 500)),
                List.of(new IntervalFigures(0, 1.25, 250_000), new IntervalFigures(1.25, 2.5, 250_000)), 45, 20, null);

        IperfReport m = merge(spec(Protocol.UDP, 3), a, b);

        assertNull(m.error());
        assertEquals(spec(Protocol.UDP, 3), m.spec(), "the whole spec, as the user asked it");
        DirectionReport up = m.direction("up");
        assertEquals(List.of(5, 7, 5), up.streams().stream().map(StreamFigures::id).toList(), "every agent's streams");
        StreamFigures sum = up.sum();
        assertEquals(1_000_000, sum.receivedBytes());
        assertEquals(a.direction("up").sum().sentBytes() + b.direction("up").sum().sentBytes(), sum.sentBytes());
        assertEquals(40, sum.lost());
        assertEquals(2500, sum.packets());
        assertEquals(100.0 * 40 / 2500, sum.lossPercent(), 1e-12, "loss from the sums, not the parts' percents averaged");
        assertEquals(3.0, sum.jitterMillis(), 1e-12, "mean over the 3 streams (1+2+6)/3, not over the 2 agents' sums (3.75)");
        double agents = a.direction("up").sum().bitsPerSecond() + b.direction("up").sum().bitsPerSecond();
        assertEquals(2_000_000 + 1_600_000, agents, 1e-6);
        assertEquals(agents, sum.bitsPerSecond(), 1e-6, "merged bits per second = sum of the agents'");
        assertEquals(0L, sum.outOfOrder());

        assertEquals(List.of(490_000L, 510_000L), up.intervals().stream().map(IntervalFigures::bytes).toList());
        assertEquals(240_000 * 8 + 250_000 * 8 / 1.25, up.intervals().get(0).bitsPerSecond(), 1e-6);
        assertEquals(0.0, up.intervals().get(0).start());
        assertEquals(75, m.local().total(), 1e-12, "the agents' processes together");
        assertEquals(20, m.remote().total(), 1e-12, "the one server process, read by each test: the highest reading");
    }

    @Test
    void tcpRetransmitsAddOnlyWhenEveryStreamHasThem() {
        StreamFigures withRetransmits = new StreamFigures(5, 1000, 1000, 1.0, 4L, null, null, null, null, null);
        StreamFigures without = new StreamFigures(5, 3000, 3000, 1.0, null, null, null, null, null, null);
        IperfReport m = merge(spec(Protocol.TCP, 1), tcp(withRetransmits), tcp(withRetransmits));
        assertEquals(8L, m.direction("up").sum().retransmits());
        assertNull(m.direction("up").sum().jitterMillis());
        assertNull(merge(spec(Protocol.TCP, 1), tcp(withRetransmits), tcp(without)).direction("up").sum().retransmits());
    }

    private static IperfReport tcp(StreamFigures s) {
        IperfSpec spec = spec(Protocol.TCP, 1);
        return new IperfReport(spec, List.of(new DirectionReport("up", List.of(s), StreamSums.sum(Protocol.TCP, List.of(s), 1.0),
                List.of())), new IperfReport.CpuUtilisation(1, 1, 0), new IperfReport.CpuUtilisation(1, 1, 0), null);
    }

    @Test
    void aMissingOrFailedPartIsNamedAndTheOthersFiguresKept() {
        IperfReport ok = part(2.0, List.of(udp(5, 200_000, 2.0, 1.0, 0, 100)), List.of(), 10, 5, null);
        IperfReport busy = part(0.0, List.of(), List.of(), 1, 0, "the server is busy running a test. try again later");

        IperfReport m = merge(spec(Protocol.UDP, 1), ok, null, busy);

        assertEquals("agents[1]: delivered no report; agents[2]: the server is busy running a test. try again later", m.error());
        assertEquals(200_000, m.direction("up").sum().receivedBytes());
        assertEquals(ok.direction("up").sum().bitsPerSecond(), m.direction("up").sum().bitsPerSecond(), 1e-9);
        assertEquals(5, m.remote().total(), "a refused test's 0 does not hide the server's reading");
        assertTrue(kind.beginMerge(spec(Protocol.UDP, 1)).merge(Arrays.asList(null, null), MERGED).isEmpty(),
                "nothing delivered: no iperf report to show");
    }
}
