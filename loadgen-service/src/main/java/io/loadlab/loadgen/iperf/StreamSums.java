package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Protocol;

import java.util.List;

/**
 * A direction's streams summed as iperf3 sums its streams into {@code sum}/{@code sum_sent}/{@code sum_received}
 * (iperf_api.c, iperf_print_results): bytes added, UDP packets and lost packets added and the loss percent taken
 * from those sums, jitter the plain mean of the streams' ({@code avg_jitter /= test->num_streams}: not weighted by
 * packets), TCP retransmits added only when every stream has them (a partial sum would read as the whole). The
 * streams of one test here; every agent's streams for a test spread over agents ({@link IperfMerge}).
 */
final class StreamSums {

    private StreamSums() {
    }

    /** @param seconds the sum's measured time: the one test's, or the time that gives the parts' summed rate */
    static StreamFigures sum(Protocol protocol, List<StreamFigures> streams, double seconds) {
        long sent = 0;
        Long retransmits = null;
        long received = 0;
        long lost = 0;
        long packets = 0;
        long outOfOrder = 0;
        double jitter = 0;
        for (StreamFigures s : streams) {
            sent += s.sentBytes();
            received += s.receivedBytes();
            if (s.lost() != null) {
                lost += s.lost();
                packets += s.packets();
                jitter += s.jitterMillis();
            }
            outOfOrder += s.outOfOrder() == null ? 0 : s.outOfOrder();
            if (s.retransmits() != null) {
                retransmits = (retransmits == null ? 0 : retransmits) + s.retransmits();
            }
        }
        if (protocol == Protocol.TCP) {
            boolean all = streams.stream().allMatch(s -> s.retransmits() != null);
            return new StreamFigures(0, sent, received, seconds, all ? retransmits : null, null, null, null, null, null);
        }
        return new StreamFigures(0, sent, received, seconds, null, streams.isEmpty() ? 0 : jitter / streams.size(), lost,
                packets, percent(lost, packets), streams.stream().anyMatch(s -> s.outOfOrder() != null) ? outOfOrder : null);
    }

    static double percent(long lost, long packets) {
        return packets > 0 ? 100.0 * lost / packets : 0;
    }
}
