package io.loadlab.loadgen.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's closed intervals in order, readable from any thread while the run appends. Bounded: beyond
 * {@code capacity} the oldest interval is dropped (and {@link #dropped()} says how many were), so a
 * reader that falls far behind loses old intervals, never the run's cumulative figures, and memory
 * stays bounded. An interval's size is its histograms': in base64, one second of a wide latency spread
 * (log-normal, median 60 us) took 1.2 KB at 1,000 values, 6.9 KB at 50,000 and 13.7 KB at 500,000; an
 * interval holds up to three measured histograms and the warm-up's, so an hour of one-second intervals
 * is about 25 MiB at 50,000 requests/s with latencies only, and at most about 150 MiB.
 */
public final class IntervalSeries {

    /** An hour of one-second intervals: {@code loadgen.limits.max-duration}'s default. */
    public static final int DEFAULT_CAPACITY = 3_600;

    private final int capacity;
    private final ArrayDeque<IntervalSample> intervals = new ArrayDeque<>();
    private long dropped;
    private boolean finished;

    public IntervalSeries(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    synchronized void append(IntervalSample sample, boolean last) {
        IntervalSample previous = intervals.peekLast();
        if (previous != null && sample.index() <= previous.index()) {
            throw new IllegalArgumentException("interval " + sample.index() + " after " + previous.index());
        }
        if (intervals.size() == capacity) {
            intervals.removeFirst();
            dropped++;
        }
        intervals.addLast(sample);
        finished = last;
    }

    /**
     * Appends {@code samples}, in order, and marks the series finished even when there are none: for a run that
     * counts its seconds itself and hands them over when it ends (iperf's test), where the ticker appends one a second.
     */
    public synchronized void appendAll(List<IntervalSample> samples) {
        for (IntervalSample s : samples) {
            append(s, false);
        }
        finished = true;
    }

    /** The intervals whose index is at least {@code fromIndex}, in order; a copy. */
    public synchronized List<IntervalSample> since(long fromIndex) {
        List<IntervalSample> out = new ArrayList<>();
        for (IntervalSample s : intervals) {
            if (s.index() >= fromIndex) {
                out.add(s);
            }
        }
        return out;
    }

    /** Every interval kept, in order; a copy. */
    public List<IntervalSample> all() {
        return since(0);
    }

    /** True once the run's last interval is in: nothing more will be appended. */
    public synchronized boolean finished() {
        return finished;
    }

    /** Oldest intervals dropped to stay within the capacity. */
    public synchronized long dropped() {
        return dropped;
    }
}
