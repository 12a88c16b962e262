package io.loadlab.loadgen.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A run's closed intervals in order, readable from any thread while the run appends. Guarded by its own monitor, so a
 * reader in this package may take several views at one instant ({@link MeasuredSeries}).
 * <p>
 * Only the newest {@code window} intervals are kept whole ({@link IntervalSample}, for the readers that follow the run:
 * scrapes, a controller's polls); an interval that leaves the window is kept as its {@link IntervalDigest}, all the
 * run's report needs of it. An interval's size is its histograms': in base64, one second of a wide latency spread
 * (log-normal, median 60 us) took 1.2 KB at 1,000 values, 6.9 KB at 50,000 and 13.7 KB at 500,000; an interval holds
 * up to three measured histograms and the warm-up's. Kept whole for an hour, a run's series took about 15 KB of heap
 * per second, 55 MB more than a 256 MiB pod holds (issue 43); a digest takes about 240 bytes, so past the window the
 * heap grows by that per second: under 1 MB an hour, besides the window's {@link #RAW_WINDOW} whole intervals
 * (4.5 MB at 15 KB each).
 * <p>
 * Bounded besides: beyond {@code capacity} intervals (whole and digested) the oldest is dropped ({@link #dropped()}
 * says how many were), so memory stays bounded whatever the run's length.
 */
public final class IntervalSeries {

    /** An hour of one-second intervals: {@code loadgen.limits.max-duration}'s default. */
    public static final int DEFAULT_CAPACITY = 3_600;
    /**
     * Intervals kept whole: 300 s. A reader that follows the run must ask within that: a Prometheus scrape (1 minute
     * by Prometheus' default, so five of them may fail in a row) or a controller's poll (one a second; it fails an
     * agent quiet for 3 s) that is late by minutes still finds every interval it has not read.
     */
    public static final int RAW_WINDOW = 300;
    /**
     * Digests that keep their measured latency histogram: the run's first two intervals with any. They may share
     * the run's first point ({@link MeasuredSeries}: the interval closed a little after the warm-up's end holds the
     * measured part's first requests, and the first point holds it and the next), whose percentiles need both added.
     */
    private static final int KEPT_LATENCIES = 2;

    private final int capacity;
    private final int window;
    private final ArrayDeque<IntervalDigest> digests = new ArrayDeque<>();
    private final ArrayDeque<IntervalSample> whole = new ArrayDeque<>();
    private int keptLatencies;
    private long dropped;
    private long lastDroppedIndex = -1;
    private boolean finished;

    /** A series that keeps the newest {@code min(capacity, }{@link #RAW_WINDOW}{@code )} intervals whole. */
    public IntervalSeries(int capacity) {
        this(capacity, Math.min(capacity, RAW_WINDOW));
    }

    /**
     * @param capacity intervals kept, whole and digested together
     * @param window   of those, the newest kept whole: {@code capacity} for a series whose intervals all come at the
     *                 run's end ({@link #appendAll}), which no reader can have followed
     */
    public IntervalSeries(int capacity, int window) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        if (window < 1 || window > capacity) {
            throw new IllegalArgumentException("window must be 1.." + capacity + ", was " + window);
        }
        this.capacity = capacity;
        this.window = window;
    }

    synchronized void append(IntervalSample sample, boolean last) {
        IntervalSample previous = whole.peekLast();
        if (previous != null && sample.index() <= previous.index()) {
            throw new IllegalArgumentException("interval " + sample.index() + " after " + previous.index());
        }
        if (whole.size() == window) {
            IntervalSample leaving = whole.peekFirst();
            if (window < capacity) {
                // one histogram decoded a second, before any change (a scrape decodes as many)
                IntervalDigest d = IntervalDigest.of(leaving, keptLatencies < KEPT_LATENCIES);
                keptLatencies += d.values() > 0 ? 1 : 0;
                digests.addLast(d);
            } else {
                drop(leaving.index());
            }
            whole.removeFirst();
        }
        if (digests.size() + whole.size() == capacity) {
            drop(digests.removeFirst().index()); // not empty: whole holds fewer than the capacity here
        }
        whole.addLast(sample);
        finished = last;
    }

    private void drop(long index) {
        dropped++;
        lastDroppedIndex = index;
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

    /** The intervals whose index is at least {@code fromIndex} that are still whole, in order; a copy. */
    public synchronized List<IntervalSample> since(long fromIndex) {
        List<IntervalSample> out = new ArrayList<>();
        for (IntervalSample s : whole) {
            if (s.index() >= fromIndex) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * For a reader that follows the run: the intervals from {@code fromIndex} on that are still whole, and how many of
     * those from there on are not (the reader fell more than the window behind), read at one instant.
     */
    public synchronized RecentIntervals recent(long fromIndex) {
        long missed = 0;
        Iterator<IntervalDigest> newestFirst = digests.descendingIterator();
        while (newestFirst.hasNext() && newestFirst.next().index() >= fromIndex) {
            missed++;
        }
        if (dropped > 0 && fromIndex <= lastDroppedIndex) {
            // indices strictly increase: at most lastDroppedIndex - fromIndex + 1 of those dropped are from fromIndex on
            missed += Math.min(dropped, lastDroppedIndex - fromIndex + 1);
        }
        return new RecentIntervals(since(fromIndex), missed);
    }

    /** Every interval still whole, in order (the newest {@code window}); a copy. */
    public List<IntervalSample> all() {
        return since(0);
    }

    /** Every interval kept as a digest, in order, all before those still whole; a copy. */
    synchronized List<IntervalDigest> digests() {
        return new ArrayList<>(digests);
    }

    /** How many of the newest intervals are kept whole. */
    public int window() {
        return window;
    }

    /** True once the run's last interval is in: nothing more will be appended. */
    public synchronized boolean finished() {
        return finished;
    }

    /** Oldest intervals dropped (whole or digested) to stay within the capacity. */
    public synchronized long dropped() {
        return dropped;
    }
}
