package io.loadlab.loadgen.engine;

import java.util.List;

/**
 * What a reader that follows a live {@link IntervalSeries} gets when it asks for the intervals from an index on, read
 * at one instant: those the series still holds whole, and how many of those asked for it holds no longer (a reader
 * that fell more than the series' raw window behind). A reader asks again from the index after the last it got.
 *
 * @param intervals the intervals from the index asked for that the series holds whole, in order
 * @param missed    intervals from the index asked for that are no longer whole (digested, or dropped beyond the
 *                  capacity; of those dropped, as many as their indices leave room for: exact unless the ticker
 *                  skipped a second among them); 0 when the reader missed nothing
 */
public record RecentIntervals(List<IntervalSample> intervals, long missed) {

    public RecentIntervals {
        intervals = List.copyOf(intervals);
        if (missed < 0) {
            throw new IllegalArgumentException("missed must not be negative, was " + missed);
        }
    }
}
