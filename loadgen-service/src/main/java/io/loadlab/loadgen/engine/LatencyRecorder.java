package io.loadlab.loadgen.engine;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One latency kind of one event loop. A {@link SingleWriterRecorder} rather than a
 * {@code Recorder}: each loop is the only writer of its own, so the writer pays a lazy store
 * instead of an atomic increment per value, and still never locks.
 */
public final class LatencyRecorder {

    private final SingleWriterRecorder recorder;
    /** Reader side only: the interval handed back for recycling, as HdrHistogram's canonical loop does. */
    private Histogram interval;

    public LatencyRecorder() {
        this(new SingleWriterRecorder(1, Histograms.HIGHEST_NANOS, Histograms.SIGNIFICANT_DIGITS));
    }

    private LatencyRecorder(SingleWriterRecorder recorder) {
        this.recorder = recorder;
    }

    /**
     * A recorder whose histograms start small and grow to the values recorded (HdrHistogram's auto-resize), same
     * precision: for the many small ones of a request mix. Growing allocates, once per new order of magnitude.
     */
    static LatencyRecorder resizing() {
        return new LatencyRecorder(new SingleWriterRecorder(Histograms.SIGNIFICANT_DIGITS));
    }

    /** Writer (the owning event loop) only. */
    public void record(long nanos) {
        recorder.recordValue(Histograms.clamp(nanos));
    }

    /**
     * Reader only (callers serialise): what was recorded since the previous call. The histogram is the
     * reader's own and is recycled by the next call, so read or add it before draining again.
     */
    Histogram drain() {
        interval = recorder.getIntervalHistogram(interval);
        return interval;
    }
}
