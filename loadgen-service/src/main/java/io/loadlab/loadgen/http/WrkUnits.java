package io.loadlab.loadgen.http;

import java.util.Locale;

/**
 * wrk's unit formatting (its {@code units.c}): a value moves to the next unit once it reaches 85%
 * of the scale, and prints with two decimals ({@code 1.23ms}, {@code 12.34k}, {@code 1.50M}).
 */
public final class WrkUnits {

    private static final String[] TIME_US = {"us", "ms", "s"};
    private static final String[] TIME_S = {"s", "m", "h"};
    private static final String[] METRIC = {"", "k", "M", "G", "T", "P"};
    private static final String[] BINARY = {"", "K", "M", "G", "T", "P"};

    private WrkUnits() {
    }

    /** Microseconds as us, ms or s; from one second on as s, m or h. */
    public static String timeMicros(double us) {
        if (us >= 1_000_000.0) {
            return format(us / 1_000_000.0, 60, TIME_S, 2);
        }
        return format(us, 1000, TIME_US, 2);
    }

    /** Whole seconds as in wrk's "Running 10s test" line. */
    public static String timeSeconds(double s) {
        return format(s, 60, TIME_S, 0);
    }

    /** Counts with k, M, G; wrk's Req/Sec column. */
    public static String metric(double n) {
        return format(n, 1000, METRIC, 2);
    }

    /** Bytes with K, M, G (powers of 1024); the caller appends {@code B}, as wrk does. */
    public static String binary(double n) {
        return format(n, 1024, BINARY, 2);
    }

    private static String format(double n, int scale, String[] units, int decimals) {
        double amount = n;
        String unit = units[0];
        // As in wrk, the last unit of each table is never reached: 2 hours print as 120m.
        for (int i = 1; i + 1 < units.length && amount >= scale * 0.85; i++) {
            amount /= scale;
            unit = units[i];
        }
        return String.format(Locale.ROOT, "%." + decimals + "f%s", amount, unit);
    }
}
