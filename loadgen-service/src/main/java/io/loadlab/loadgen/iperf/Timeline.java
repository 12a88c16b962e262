package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.StreamCounter;
import io.loadlab.loadgen.engine.NanoClock;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The test's clock: waits out warm-up and duration on the control thread, reading every stream's counts each
 * second; each second after the warm-up becomes an interval per direction. The measured figures are what each
 * stream counted after the warm-up's end ({@link WarmupEnd}); a test stopped while warming up measured nothing.
 */
final class Timeline {

    /** How soon a cancel is seen: a tenth of the one-second interval. */
    private static final long STOP_CHECK_NANOS = 100_000_000L;

    private final IperfSpec spec;
    private final NanoClock clock;
    private final List<IntervalFigures> up = new ArrayList<>();
    private final List<IntervalFigures> down = new ArrayList<>();
    private volatile long startNanos;
    private volatile long measureFromNanos;
    private volatile long endNanos;
    private volatile boolean stoppedWarmingUp;

    Timeline(IperfSpec spec, NanoClock clock) {
        this.spec = spec;
        this.clock = clock;
    }

    /** Waits out warm-up and duration, or until {@code stop} answers true (checked at least every 100 ms). */
    void run(List<StreamCounter> counters, BooleanSupplier stop) {
        long warmup = spec.warmup().toSeconds();
        long now0 = clock.nanoTime();
        if (warmup == 0) {
            measureFromNanos = now0;
        }
        startNanos = now0;
        long seconds = warmup + spec.duration().toSeconds();
        long[] previous = {0, 0};
        for (long s = 1; s <= seconds && !stop.getAsBoolean(); s++) {
            long due = startNanos + s * 1_000_000_000L;
            for (long now = clock.nanoTime(); now < due && !stop.getAsBoolean(); now = clock.nanoTime()) {
                ClientSession.pause(Math.min(due - now, STOP_CHECK_NANOS));
            }
            if (stop.getAsBoolean()) {
                break;
            }
            long[] totals = totals(counters);
            if (s == warmup) {
                measureFromNanos = clock.nanoTime();
            } else if (s > warmup) {
                double start = s - warmup - 1;
                up.add(new IntervalFigures(start, start + 1, totals[0] - previous[0]));
                down.add(new IntervalFigures(start, start + 1, totals[1] - previous[1]));
            }
            previous = totals;
        }
        if (measureFromNanos == 0) {
            // stopped while warming up: nothing was measured
            stoppedWarmingUp = true;
            measureFromNanos = clock.nanoTime();
        }
        endNanos = clock.nanoTime();
    }

    /** True while the warm-up is being driven. */
    boolean warmingUp() {
        return startNanos != 0 && measureFromNanos == 0 && endNanos == 0;
    }

    /** Bytes since the measured part began (0 while warming up), this end's count: sent on up streams, received on down. */
    long measuredSoFar(List<StreamCounter> counters, boolean sending) {
        if (measureFromNanos == 0) {
            return 0;
        }
        long sum = 0;
        for (StreamCounter c : counters) {
            if (c.sending() == sending) {
                sum += measured(c);
            }
        }
        return sum;
    }

    /** Measured seconds so far, 0 while warming up. */
    double measuredSecondsSoFar() {
        if (measureFromNanos == 0) {
            return 0;
        }
        return ((endNanos == 0 ? clock.nanoTime() : endNanos) - measureFromNanos) / 1e9;
    }

    private static long[] totals(List<StreamCounter> counters) {
        long[] t = {0, 0};
        for (StreamCounter c : counters) {
            t[c.sending() ? 0 : 1] += c.bytes();
        }
        return t;
    }

    long measured(StreamCounter c) {
        return stoppedWarmingUp ? 0 : c.measuredBytes();
    }

    /** Datagrams this end sent after the warm-up. */
    long measuredDatagrams(StreamCounter c) {
        return stoppedWarmingUp ? 0 : c.datagramsSent() - c.omittedDatagrams();
    }

    /** A receiving stream's highest sequence number when the warm-up ended: all of them if it never did. */
    long omittedPackets(StreamCounter c) {
        return stoppedWarmingUp ? c.udp().packets() : c.omittedPackets();
    }

    /** Datagrams a receiving stream counted lost after the warm-up. */
    long measuredLost(StreamCounter c) {
        return stoppedWarmingUp ? 0 : c.udp().lost() - c.omittedLost();
    }

    long measuredOutOfOrder(StreamCounter c) {
        return stoppedWarmingUp ? 0 : c.udp().outOfOrder() - c.omittedOutOfOrder();
    }

    /** 0 for a test stopped while warming up: its end and "measure from" fall together, a few hundred ns apart. */
    double measuredSeconds() {
        return stoppedWarmingUp ? 0 : (endNanos - measureFromNanos) / 1e9;
    }

    /** True when the test was stopped before its warm-up ended: no figure of either end is a measured one. */
    boolean nothingMeasured() {
        return stoppedWarmingUp;
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
