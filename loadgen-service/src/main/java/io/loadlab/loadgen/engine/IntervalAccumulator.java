package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;

/**
 * The interval {@link RunStats} is filling: what its samples drained since the last close, per phase,
 * and the counters as they stood then. Confined to {@link RunStats}' lock. Four fixed-size histograms
 * (about 1 MiB) and one scratch buffer per run, reused every interval: nothing is allocated per request,
 * only the closed interval's encodings once a second.
 */
final class IntervalAccumulator {

    private static final Counter[] COUNTERS = Counter.values();

    private final long baseNanos;
    private final Histogram warmupLatency = Histograms.newHistogram();
    private final Histogram measuredLatency = Histograms.newHistogram();
    private final Histogram serviceTime;
    private final Histogram connect;
    private final ByteBuffer scratch;
    private final long[] warmupAtStart = new long[COUNTERS.length];
    private final long[] measuredAtStart = new long[COUNTERS.length];
    private long startNanos;

    IntervalAccumulator(long baseNanos, long nowNanos, boolean serviceTime, boolean connect) {
        this.baseNanos = baseNanos;
        this.startNanos = nowNanos;
        this.serviceTime = serviceTime ? Histograms.newHistogram() : null;
        this.connect = connect ? Histograms.newHistogram() : null;
        this.scratch = ByteBuffer.allocate(measuredLatency.getNeededByteBufferCapacity());
    }

    void addWarmup(Histogram drained) {
        warmupLatency.add(drained);
    }

    void addMeasured(Histogram drained) {
        measuredLatency.add(drained);
    }

    void addServiceTime(Histogram drained) {
        serviceTime.add(drained);
    }

    void addConnect(Histogram drained) {
        connect.add(drained);
    }

    /**
     * Ends the interval at {@code nowNanos} with the counters as they stand ({@code warmupNow},
     * {@code measuredNow}, indexed by {@link Counter#ordinal()}), and starts the next one there.
     */
    IntervalSample close(long index, long nowNanos, long[] warmupNow, long[] measuredNow) {
        PhaseInterval w = new PhaseInterval(delta(warmupNow, warmupAtStart), encode(warmupLatency), null, null);
        PhaseInterval m = new PhaseInterval(delta(measuredNow, measuredAtStart), encode(measuredLatency),
                encode(serviceTime), encode(connect));
        IntervalSample sample = new IntervalSample(index, startNanos - baseNanos, nowNanos - baseNanos, w, m);
        System.arraycopy(warmupNow, 0, warmupAtStart, 0, COUNTERS.length);
        System.arraycopy(measuredNow, 0, measuredAtStart, 0, COUNTERS.length);
        startNanos = nowNanos;
        return sample;
    }

    private String encode(Histogram h) {
        if (h == null) {
            return null;
        }
        String encoded = HistogramCodec.encode(h, scratch);
        h.reset();
        return encoded;
    }

    private static Map<Counter, Long> delta(long[] now, long[] atStart) {
        Map<Counter, Long> counts = new EnumMap<>(Counter.class);
        for (Counter c : COUNTERS) {
            counts.put(c, now[c.ordinal()] - atStart[c.ordinal()]);
        }
        return counts;
    }
}
