package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.run.Split;
import io.loadlab.loadgen.run.UnsplittableSpecException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts an iperf spec into one spec per agent, each its own iperf3 test against the same server. iperf3's {@code -b} is
 * per stream, so the whole is {@code streams × bitrate}, and that is what the parts sum to:
 * <ul>
 * <li>more than one stream: the streams are divided (the first agents take the remainders) and each keeps the
 * bitrate per stream, so a spec of {@code streams: 3} over 3 agents is {@code iperf3 -P 3} from three hosts; fewer
 * streams than agents is refused naming {@code streams} (a part of 0 streams is no test);</li>
 * <li>one stream (iperf3's default): each agent runs one stream and a capped bitrate is divided exactly (the first
 * agents take the remainders, in bits/s), so the parts still sum to the whole; an unlimited one stays unlimited,
 * each agent filling what it can, which is what several generators are for. A bitrate below one bit/s per agent is
 * refused naming {@code bitrate}: a part of 0 would read as unlimited.</li>
 * </ul>
 * Dividing the streams rather than keeping them per agent keeps the whole spec's meaning (its streams and its total
 * bitrate) whatever the number of agents. Every other field is copied.
 */
final class IperfSplit {

    private IperfSplit() {
    }

    static List<IperfSpec> split(IperfSpec s, int agents) {
        int[] streams;
        long[] bitrates;
        if (s.streams() > 1) {
            if (s.streams() < agents) {
                throw new UnsplittableSpecException("streams", s.streams() + " streams cannot be split over " + agents
                        + " agents: each needs at least 1 (ask for one stream to run one per agent)");
            }
            streams = Split.evenly(s.streams(), agents);
            bitrates = new long[agents];
            Arrays.fill(bitrates, s.bitrate());
        } else {
            streams = new int[agents];
            Arrays.fill(streams, 1);
            bitrates = bitrates(s.bitrate(), agents);
        }
        List<IperfSpec> parts = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            parts.add(new IperfSpec(s.target(), s.protocol(), streams[i], s.direction(), bitrates[i], s.length(),
                    s.duration(), s.warmup()));
        }
        return parts;
    }

    private static long[] bitrates(long whole, int agents) {
        if (whole > 0 && whole < agents) {
            throw new UnsplittableSpecException("bitrate", whole + " bits/s cannot be split over " + agents
                    + " agents: each needs at least 1 bit/s (0 is unlimited)");
        }
        return Split.evenly(whole, agents); // 0 (unlimited) stays 0 for each
    }
}
