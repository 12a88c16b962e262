package io.loadlab.loadgen.stats;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Percentile bootstrap of the median: resample the repeats with replacement {@code resamples} times, take each
 * resample's median, and read the interval off the sorted medians at (1 - confidence) / 2 and (1 + confidence) / 2.
 * Percentile rather than normal-theory because the noise is lopsided and the repeats few.
 * <p>
 * With few repeats the interval can only be as wide as the values allow: with 5 it is close to [min, max], which
 * holds the true median 1 - 2 x 0.5^5 = 94% of the time; with 3 only 75%. That is why more repeats give a truer
 * interval, not just a narrower one (BootstrapTest measures both).
 */
public final class Bootstrap {

    /** Efron and Tibshirani (An Introduction to the Bootstrap, 1993, ch. 19) ask for 1000 to 2000 for percentile intervals. */
    public static final int DEFAULT_RESAMPLES = 2000;
    public static final double DEFAULT_CONFIDENCE = 0.95;

    private final int resamples;
    private final double confidence;

    public Bootstrap(int resamples, double confidence) {
        if (resamples < 100 || resamples > 100_000) {
            throw new IllegalArgumentException("resamples must be from 100 to 100000: " + resamples);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1: " + confidence);
        }
        this.resamples = resamples;
        this.confidence = confidence;
    }

    public static Bootstrap standard() {
        return new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_CONFIDENCE);
    }

    /**
     * The median of {@code values} and its interval. One value gives the value itself; all draws come from
     * {@code random}, so the same values and seed give the same interval.
     *
     * @throws IllegalArgumentException when {@code values} is empty or holds a value that is not finite
     */
    public Interval median(double[] values, RandomGenerator random) {
        int n = values.length;
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("not a finite value: " + v);
            }
        }
        double median = Median.of(values);
        if (n == 1) {
            return Interval.single(median);
        }
        double[] sample = new double[n];
        double[] medians = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            for (int i = 0; i < n; i++) {
                sample[i] = values[random.nextInt(n)];
            }
            Arrays.sort(sample);
            medians[r] = Median.ofSorted(sample, n);
        }
        Arrays.sort(medians);
        double tail = (1 - confidence) / 2;
        return new Interval(median, quantile(medians, tail), quantile(medians, 1 - tail), n);
    }

    /** Linear interpolation between the closest ranks, as R's default (type 7). */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
