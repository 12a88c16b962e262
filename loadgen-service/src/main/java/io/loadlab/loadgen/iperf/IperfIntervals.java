package io.loadlab.loadgen.iperf;

import io.loadlab.loadgen.engine.Counter;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.PhaseInterval;
import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A finished test's measured seconds as the run contract's intervals, so that a test run as an agent's part delivers
 * its bytes second by second like any part and the controller's exact merge sums them ({@code BYTES_SENT}: what this
 * end sent on up streams, {@code BYTES_RECEIVED}: what it received on down ones). Handed over once, when the test
 * ends: its seconds are counted by its own timeline, not by an engine ticker. No requests, so no latency: each
 * histogram is empty. The warm-up's seconds are not kept by the timeline and have no interval.
 */
final class IperfIntervals {

    private IperfIntervals() {
    }

    static List<IntervalSample> of(IperfReport report) {
        if (report == null) {
            return List.of();
        }
        String empty = HistogramCodec.encode(new Histogram(3));
        List<IntervalFigures> up = intervals(report, "up");
        List<IntervalFigures> down = intervals(report, "down");
        long warmup = report.spec().warmup().toSeconds();
        List<IntervalSample> samples = new ArrayList<>();
        for (int k = 0; k < Math.max(up.size(), down.size()); k++) {
            IntervalFigures any = k < up.size() ? up.get(k) : down.get(k);
            long sent = k < up.size() ? up.get(k).bytes() : 0;
            long received = k < down.size() ? down.get(k).bytes() : 0;
            PhaseInterval measured = new PhaseInterval(Map.of(Counter.BYTES_SENT, sent, Counter.BYTES_RECEIVED, received),
                    empty, null, null);
            samples.add(new IntervalSample(warmup + k, nanos(warmup + any.start()), nanos(warmup + any.end()),
                    new PhaseInterval(Map.of(), empty, null, null), measured));
        }
        return samples;
    }

    private static List<IntervalFigures> intervals(IperfReport report, String direction) {
        return report.directions().stream().filter(d -> d.direction().equals(direction)).findFirst()
                .map(DirectionReport::intervals).orElse(List.of());
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }
}
