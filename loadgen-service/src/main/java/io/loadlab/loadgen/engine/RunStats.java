package io.loadlab.loadgen.engine;

import io.loadlab.loadgen.report.LatencySummary;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * The single reader of a run's {@link PhaseStats}: sums counters across event loops and merges
 * latency intervals into cumulative histograms of the measured part. Sampling is lazy, on
 * {@link #sampleIfDue()} from whoever asks for progress and on {@link #sample()} at the end, so a
 * run needs no collector thread; the recorders hold everything in between in fixed memory.
 * Thread-safe: readers serialise on this object, writers never see it.
 * <p>
 * Optionally it also keeps an {@link IntervalSeries}: once {@link #openIntervals opened}, every sample also
 * adds what it drained to the open interval, and {@link #closeInterval} (an {@link IntervalTicker}, each
 * second) ends it. The intervals share the recorders with the cumulative figures, so together they hold
 * exactly what the run recorded: a request is in one interval, and in the cumulative histogram once.
 */
public final class RunStats {

    private final List<PhaseStats> warmup;
    private final List<PhaseStats> measured;
    private final NanoClock clock;
    private final long minIntervalNanos;
    private final Counter rateOf;
    private final Histogram latency = Histograms.newHistogram();
    private final Histogram serviceTime;
    private final Histogram connect;
    private final Histogram handshake;
    private final Histogram interval = Histograms.newHistogram();
    private final Histogram handshakeInterval;
    private long lastSampleNanos;
    private long lastCompleted;
    private LatencySummary lastInterval;
    private LatencySummary lastHandshakes;
    private double currentRate;
    private boolean sampled;
    private IntervalSeries intervals;
    private IntervalAccumulator open;
    private long lastClosedIndex = -1;

    /**
     * @param warmup           one per event loop, the warm-up's stats
     * @param measured         one per event loop, the measured part's stats, built alike
     * @param minIntervalNanos {@link #sampleIfDue()} samples at most this often
     */
    public RunStats(List<PhaseStats> warmup, List<PhaseStats> measured, NanoClock clock, long minIntervalNanos) {
        this(warmup, measured, clock, minIntervalNanos, Counter.COMPLETED);
    }

    /** As above, the current rate counting {@code rateOf} rather than completions (UDP throughput: messages sent). */
    public RunStats(List<PhaseStats> warmup, List<PhaseStats> measured, NanoClock clock, long minIntervalNanos,
                    Counter rateOf) {
        if (warmup.size() != measured.size() || measured.isEmpty()) {
            throw new IllegalArgumentException("one warm-up and one measured stats per event loop");
        }
        this.warmup = List.copyOf(warmup);
        this.measured = List.copyOf(measured);
        this.clock = clock;
        this.minIntervalNanos = minIntervalNanos;
        this.rateOf = rateOf;
        this.serviceTime = measured.get(0).serviceTime() == null ? null : Histograms.newHistogram();
        this.connect = measured.get(0).connect() == null ? null : Histograms.newHistogram();
        this.handshake = measured.get(0).handshake() == null ? null : Histograms.newHistogram();
        this.handshakeInterval = handshake == null ? null : Histograms.newHistogram();
        this.lastSampleNanos = clock.nanoTime();
    }

    /** Samples unless the previous sample is younger than the minimum interval. */
    public synchronized void sampleIfDue() {
        if (clock.nanoTime() - lastSampleNanos >= minIntervalNanos) {
            sample();
        }
    }

    /** Merges every loop's interval: the last interval's summary and rate, and the cumulative histograms. */
    public synchronized void sample() {
        long now = clock.nanoTime();
        sampled = true;
        interval.reset();
        for (PhaseStats w : warmup) {
            Histogram drained = w.latency().drain();
            interval.add(drained);
            if (open != null) {
                open.addWarmup(drained);
            }
        }
        sampleHandshakes();
        for (PhaseStats m : measured) {
            Histogram drained = m.latency().drain();
            interval.add(drained);
            latency.add(drained);
            if (open != null) {
                open.addMeasured(drained);
            }
            if (serviceTime != null) {
                drained = m.serviceTime().drain();
                serviceTime.add(drained);
                if (open != null) {
                    open.addServiceTime(drained);
                }
            }
            if (connect != null) {
                drained = m.connect().drain();
                connect.add(drained);
                if (open != null) {
                    open.addConnect(drained);
                }
            }
        }
        long completed = total(rateOf);
        long elapsed = now - lastSampleNanos;
        currentRate = elapsed <= 0 ? 0 : (completed - lastCompleted) * 1e9 / elapsed;
        lastCompleted = completed;
        lastSampleNanos = now;
        lastInterval = LatencySummary.ofNanos(interval);
    }

    /** Handshakes of both phases make the last interval's summary; the measured part's, the cumulative histogram. */
    private void sampleHandshakes() {
        if (handshake == null) {
            return;
        }
        handshakeInterval.reset();
        for (PhaseStats w : warmup) {
            handshakeInterval.add(w.handshake().drain());
        }
        for (PhaseStats m : measured) {
            Histogram drained = m.handshake().drain();
            handshakeInterval.add(drained);
            handshake.add(drained);
        }
        lastHandshakes = handshakeInterval.getTotalCount() == 0 ? null : LatencySummary.ofNanos(handshakeInterval);
    }

    /**
     * Starts the interval series: the first interval opens now, and interval times count from {@code baseNanos}
     * (the run's start). Call before the run records anything, so the series misses nothing.
     *
     * @throws IllegalStateException when the series is already open or a sample was already taken
     */
    public synchronized IntervalSeries openIntervals(long baseNanos, int capacity) {
        if (intervals != null || sampled) {
            throw new IllegalStateException(intervals != null ? "intervals already open" : "already sampled");
        }
        intervals = new IntervalSeries(capacity);
        open = new IntervalAccumulator(baseNanos, clock.nanoTime(), serviceTime != null, connect != null);
        return intervals;
    }

    /**
     * Samples and closes the open interval as {@code index}; a no-op unless {@code index} is above the last
     * closed one and the series is open and not finished (so a late or repeated tick cannot close twice).
     */
    public synchronized void closeInterval(long index) {
        if (open != null && index > lastClosedIndex) {
            close(index, false);
        }
    }

    /**
     * Samples and closes the last interval (after the run's loops have stopped writing, so it holds the
     * rest); later closes are no-ops. Idempotent.
     */
    public synchronized void finishIntervals() {
        if (open != null) {
            close(lastClosedIndex + 1, true);
        }
    }

    /** The interval series, null unless {@link #openIntervals opened}. */
    public synchronized IntervalSeries intervals() {
        return intervals;
    }

    private void close(long index, boolean last) {
        sample();
        long[] w = new long[Counter.values().length];
        long[] m = new long[w.length];
        for (Counter c : Counter.values()) {
            w[c.ordinal()] = warmup(c);
            m[c.ordinal()] = measured(c);
        }
        intervals.append(open.close(index, lastSampleNanos, w, m), last);
        lastClosedIndex = index;
        if (last) {
            open = null;
        }
    }

    /** The measured part's count, summed over loops. */
    public long measured(Counter counter) {
        return sum(measured, counter);
    }

    /** The warm-up's count, summed over loops. */
    public long warmup(Counter counter) {
        return sum(warmup, counter);
    }

    /** Warm-up and measured part together. */
    public long total(Counter counter) {
        return warmup(counter) + measured(counter);
    }

    public long measuredErrors() {
        long errors = 0;
        for (Counter c : Counter.values()) {
            if (c.error()) {
                errors += measured(c);
            }
        }
        return errors;
    }

    /** Summary of the last sampled interval, warm-up or not; null before the first sample. */
    public synchronized LatencySummary lastInterval() {
        return lastInterval;
    }

    /** Summary of the last sampled interval's TLS handshakes, warm-up or not; null when none (or not a TLS run). */
    public synchronized LatencySummary lastHandshakes() {
        return lastHandshakes;
    }

    /** Completions (or the counter chosen) per second over the last sampled interval. */
    public synchronized double currentRate() {
        return currentRate;
    }

    /** Cumulative latency of the measured part up to the last sample. Read under this object's lock or after the run. */
    public Histogram latency() {
        return latency;
    }

    /** Cumulative service time of the measured part, null unless kept. */
    public Histogram serviceTime() {
        return serviceTime;
    }

    /** Cumulative connect time of the measured part, null unless kept. */
    public Histogram connect() {
        return connect;
    }

    /** Cumulative TLS handshake time of the measured part, null unless kept. */
    public Histogram handshake() {
        return handshake;
    }

    private static long sum(List<PhaseStats> stats, Counter counter) {
        long sum = 0;
        for (PhaseStats s : stats) {
            sum += s.get(counter);
        }
        return sum;
    }
}
