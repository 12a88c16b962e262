package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.loadgen.engine.NanoClock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The test's clock: waits out warm-up and duration on the control thread, reading every stream's counts each
 * second. The counts at the warm-up's end are the baseline the measured figures start from; each later second
 * becomes an interval per direction.
 */
final class Timeline {

    private final IperfSpec spec;
    private final NanoClock clock;
    private final Map<Integer, Long> baselineBytes = new HashMap<>();
    private final Map<Integer, Long> baselineDatagrams = new HashMap<>();
    private final List<IntervalFigures> up = new ArrayList<>();
    private final List<IntervalFigures> down = new ArrayList<>();
    private long startNanos;
    private long measureFromNanos;
    private long endNanos;

    Timeline(IperfSpec spec, NanoClock clock) {
        this.spec = spec;
        this.clock = clock;
    }

    void run(List<StreamCounter> counters) {
        startNanos = clock.nanoTime();
        long warmup = spec.warmup().toSeconds();
        long seconds = warmup + spec.duration().toSeconds();
        long[] previous = {0, 0};
        for (long s = 1; s <= seconds; s++) {
            long due = startNanos + s * 1_000_000_000L;
            for (long now = clock.nanoTime(); now < due; now = clock.nanoTime()) {
                ClientTest.pause(due - now);
            }
            long[] totals = totals(counters);
            if (s == warmup) {
                counters.forEach(c -> {
                    baselineBytes.put(c.id(), c.bytes());
                    baselineDatagrams.put(c.id(), c.datagramsSent());
                });
                measureFromNanos = clock.nanoTime();
            } else if (s > warmup) {
                double start = s - warmup - 1;
                up.add(new IntervalFigures(start, start + 1, totals[0] - previous[0]));
                down.add(new IntervalFigures(start, start + 1, totals[1] - previous[1]));
            }
            previous = totals;
        }
        if (warmup == 0) {
            measureFromNanos = startNanos;
        }
        endNanos = clock.nanoTime();
    }

    private static long[] totals(List<StreamCounter> counters) {
        long[] t = {0, 0};
        for (StreamCounter c : counters) {
            t[c.sending() ? 0 : 1] += c.bytes();
        }
        return t;
    }

    long measured(StreamCounter c) {
        return c.bytes() - baselineBytes.getOrDefault(c.id(), 0L);
    }

    long measuredDatagrams(StreamCounter c) {
        return c.datagramsSent() - baselineDatagrams.getOrDefault(c.id(), 0L);
    }

    double measuredSeconds() {
        return (endNanos - measureFromNanos) / 1e9;
    }

    long elapsedNanos() {
        if (startNanos == 0) {
            return 0;
        }
        return (endNanos == 0 ? clock.nanoTime() : endNanos) - startNanos;
    }

    List<IntervalFigures> intervals(boolean sending) {
        return sending ? up : down;
    }
}
