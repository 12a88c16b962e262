package io.loadlab.loadgen.stats;

import java.util.Arrays;

/** The sample median: the middle value, or the mean of the two middle values of an even count. */
public final class Median {

    private Median() {
    }

    /** @throws IllegalArgumentException when {@code values} is empty */
    public static double of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted, sorted.length);
    }

    /** The median of the first {@code n} values of {@code sorted}, which must be sorted. */
    static double ofSorted(double[] sorted, int n) {
        int mid = n / 2;
        return n % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
