package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.common.iperf.StreamResult;
import io.loadlab.common.iperf.TestResults;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Joins this end's counts and the server's results into the report: for a stream this end sends on, the
 * received side is the server's; for one it receives on, the sent side is. Without the server's results (the
 * test broke off) the other side reads 0. Every figure is the measured part's, after the warm-up: UDP packets
 * sent, and received packets, lost and out of order. Sending, lost is the server's count, which iperf3 3.12
 * sends whole, its own omitted seconds' losses included, as iperf3's client shows it. A test stopped while warming up
 * measured nothing, at either end: every figure is 0.
 */
final class ReportBuilder {

    private final IperfSpec spec;
    private final List<StreamCounter> counters;
    private final Timeline timeline;
    private final TestResults server;

    ReportBuilder(IperfSpec spec, List<StreamCounter> counters, Timeline timeline, TestResults server) {
        this.spec = spec;
        this.counters = counters;
        this.timeline = timeline;
        this.server = server;
    }

    IperfReport build(IperfReport.CpuUtilisation local, String error) {
        List<DirectionReport> directions = new ArrayList<>();
        if (spec.direction() != Direction.DOWN) {
            directions.add(direction("up", true));
        }
        if (spec.direction() != Direction.UP) {
            directions.add(direction("down", false));
        }
        IperfReport.CpuUtilisation remote = server == null ? new IperfReport.CpuUtilisation(0, 0, 0)
                : new IperfReport.CpuUtilisation(server.cpuUtilTotal(), server.cpuUtilUser(), server.cpuUtilSystem());
        return new IperfReport(spec, directions, local, remote, error);
    }

    private DirectionReport direction(String name, boolean sending) {
        List<StreamFigures> streams = counters.stream().filter(c -> c.sending() == sending).map(this::figures).toList();
        return new DirectionReport(name, streams, sum(streams), timeline.intervals(sending));
    }

    private StreamFigures figures(StreamCounter c) {
        // stopped while warming up, the server reports its whole test (iperf3 does, for one ended in its omit window):
        // none of it was measured, and over this end's 0 measured seconds it read as 1.2e14 bit/s in a CI run
        Optional<StreamResult> peer = server == null || timeline.nothingMeasured() ? Optional.empty() : server.stream(c.id());
        long peerBytes = peer.map(StreamResult::bytes).orElse(0L);
        long ours = timeline.measured(c);
        double seconds = timeline.measuredSeconds();
        if (spec.protocol() == Protocol.TCP) {
            return new StreamFigures(c.id(), c.sending() ? ours : peerBytes, c.sending() ? peerBytes : ours, seconds,
                    c.sending() ? null : serverRetransmits(peer), null, null, null, null, null);
        }
        if (c.sending()) {
            long packets = timeline.measuredDatagrams(c);
            long lost = peer.map(StreamResult::errors).orElse(0L);
            return new StreamFigures(c.id(), ours, peerBytes, seconds, null, peer.map(p -> p.jitterSeconds() * 1000).orElse(0.0),
                    lost, packets, percent(lost, packets), null);
        }
        // the sender's count is cumulative on the wire (iperf3 3.12): take off what was sent in our warm-up
        long packets = Math.max(0, peer.map(StreamResult::packets).orElse(c.udp().packets()) - timeline.omittedPackets(c));
        long lost = timeline.measuredLost(c);
        return new StreamFigures(c.id(), peerBytes, ours, seconds, null, c.udp().jitterSeconds() * 1000, lost, packets,
                percent(lost, packets), timeline.measuredOutOfOrder(c));
    }

    /** The server's TCP_INFO count for a stream it sent on, when it has one (iperf3 writes -1 for none). */
    private Long serverRetransmits(Optional<StreamResult> peer) {
        return server != null && server.senderHasRetransmits() && peer.isPresent() && peer.get().retransmits() >= 0
                ? peer.get().retransmits() : null;
    }

    private StreamFigures sum(List<StreamFigures> streams) {
        return StreamSums.sum(spec.protocol(), streams, timeline.measuredSeconds());
    }

    private static double percent(long lost, long packets) {
        return StreamSums.percent(lost, packets);
    }
}
