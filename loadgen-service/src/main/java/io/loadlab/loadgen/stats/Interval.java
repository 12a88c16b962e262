package io.loadlab.loadgen.stats;

/**
 * The median of some repeats of one figure and a confidence interval around it, in the figure's own unit.
 *
 * @param median  the sample median
 * @param low     the interval's lower end, at most {@code high}
 * @param high    the interval's upper end
 * @param samples how many repeats it rests on; with 1 the interval is the value itself and says nothing of noise
 */
public record Interval(double median, double low, double high, int samples) {

    public Interval {
        if (samples < 1 || !(low <= high) || !Double.isFinite(median) || !Double.isFinite(low) || !Double.isFinite(high)) {
            throw new IllegalArgumentException("not an interval: median " + median + " [" + low + ", " + high + "] of "
                    + samples + " samples");
        }
    }

    /** One figure measured once: no spread known. */
    public static Interval single(double value) {
        return new Interval(value, value, value, 1);
    }

    /** The two intervals share at least one value: the difference between their medians may be noise. */
    public boolean overlaps(Interval other) {
        return low <= other.high && other.low <= high;
    }

    /** This interval divided by a positive constant, e.g. requests/s to requests/s per core. */
    public Interval dividedBy(double divisor) {
        if (!(divisor > 0)) {
            throw new IllegalArgumentException("divisor must be above zero: " + divisor);
        }
        return new Interval(median / divisor, low / divisor, high / divisor, samples);
    }
}
