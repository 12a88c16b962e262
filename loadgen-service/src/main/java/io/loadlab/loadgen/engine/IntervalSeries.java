package io.loadlab.loadgen.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's closed intervals in order, readable from any thread while the run appends. Bounded: beyond
 * {@code capacity} the oldest interval is dropped (and {@link #dropped()} says how many were), so a
 * reader that falls far behind loses old intervals, never the run's cumulative figures, and memory
 * stays fixed (an interval is a few KiB; 7,200 of them, two hours, about 20 MiB at most).
 */
public final class IntervalSeries {

    /** Two hours of one-second intervals: twice {@code loadgen.limits.max-duration}'s default of one hour. */
    public static final int DEFAULT_CAPACITY = 7_200;

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
