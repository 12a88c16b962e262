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
    private final Histogram interval = Histograms.newHistogram();
    private long lastSampleNanos;
    private long lastCompleted;
    private LatencySummary lastInterval;
    private double currentRate;

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
        interval.reset();
        for (PhaseStats w : warmup) {
            w.latency().drainInto(interval, null);
        }
        for (PhaseStats m : measured) {
            m.latency().drainInto(interval, latency);
            if (serviceTime != null) {
                m.serviceTime().drainInto(serviceTime, null);
            }
            if (connect != null) {
                m.connect().drainInto(connect, null);
            }
        }
        long completed = total(rateOf);
        long elapsed = now - lastSampleNanos;
        currentRate = elapsed <= 0 ? 0 : (completed - lastCompleted) * 1e9 / elapsed;
        lastCompleted = completed;
        lastSampleNanos = now;
        lastInterval = LatencySummary.ofNanos(interval);
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
        return measured(Counter.CONNECT_ERRORS) + measured(Counter.TIMEOUTS) + measured(Counter.READ_WRITE_ERRORS)
                + measured(Counter.STATUS_3XX) + measured(Counter.STATUS_4XX) + measured(Counter.STATUS_5XX);
    }

    /** Summary of the last sampled interval, warm-up or not; null before the first sample. */
    public synchronized LatencySummary lastInterval() {
        return lastInterval;
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

    private static long sum(List<PhaseStats> stats, Counter counter) {
        long sum = 0;
        for (PhaseStats s : stats) {
            sum += s.get(counter);
        }
        return sum;
    }
}
