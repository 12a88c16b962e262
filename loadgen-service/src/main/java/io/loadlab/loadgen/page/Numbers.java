package io.loadlab.loadgen.page;

import io.quarkus.qute.TemplateExtension;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Numbers as people read them, the pages' one formatter ({@code {c.requestsPerSecond.perSecond('req/s')}} in a
 * template): grouping and three significant digits ({@code 137,777 req/s}, {@code 1.63 ms}, {@code 36.8 MB/s},
 * {@code 0.12 %}). Pure: the raw figure stays beside it (a {@code data-value} attribute, the JSON) for scripts.
 * <p>
 * Rules, one for every figure: a number of 100 or more is a whole number with grouping (three significant digits of
 * 137,777 would print 138,000, a figure nobody measured); below 100, three significant digits. A figure that is
 * missing or not a number prints {@link #NONE}, never 0. Latencies pick their unit from the value: µs under 1 ms, ms
 * under 10 s, s from there, after rounding ({@code 999.95 µs} is {@code 1.00 ms}, not {@code 1,000 µs}). MB are
 * 10^6 bytes, as the reports count them.
 */
@TemplateExtension
public final class Numbers {

    /** What a missing or non-finite figure prints: one sign for every "not measured". */
    public static final String NONE = "—";

    private static final MathContext THREE = new MathContext(3, RoundingMode.HALF_UP);

    private Numbers() {
    }

    /** {@code value} with {@code places} decimals, "" for null. */
    static String fmt(Double value, int places) {
        return value == null ? "" : String.format(Locale.ROOT, "%." + places + "f", value);
    }

    /** A count with grouping: {@code 1,234,567}. */
    static String count(Long value) {
        return value == null ? NONE : grouped(BigDecimal.valueOf(value));
    }

    /** A figure without a unit: grouped whole number from 100, three significant digits below. */
    static String number(Double value) {
        return missing(value) ? NONE : plain(value);
    }

    /** A rate: {@code 137,777 req/s}. */
    static String perSecond(Double value, String unit) {
        return missing(value) ? NONE : plain(value) + " " + unit;
    }

    /** A ratio (0..1) as a percentage: {@code 0.0012} is {@code 0.12 %}. */
    static String percent(Double ratio) {
        return missing(ratio) ? NONE : percentOf(ratio * 100);
    }

    /** A figure already in percent ({@code lossPercent}): two decimals under 10 %, one from there. */
    static String percentOf(Double percent) {
        if (missing(percent)) {
            return NONE;
        }
        BigDecimal p = BigDecimal.valueOf(percent);
        BigDecimal shown = p.setScale(p.abs().compareTo(BigDecimal.TEN) < 0 ? 2 : 1, RoundingMode.HALF_UP);
        if (shown.abs().compareTo(BigDecimal.TEN) >= 0 && shown.scale() == 2) {
            shown = p.setScale(1, RoundingMode.HALF_UP); // 9.996 % rounds to 10.00: print 10.0 %, as 10 % prints
        }
        if (shown.signum() == 0 && p.signum() != 0) {
            return (p.signum() < 0 ? "> -0.01" : "< 0.01") + " %"; // 0.00 % would say none, where some were
        }
        return shown.toPlainString() + " %";
    }

    /** A latency in microseconds: {@code 250 µs}, {@code 1.63 ms}, {@code 12.5 s}. */
    static String latencyMicros(Double micros) {
        if (missing(micros)) {
            return NONE;
        }
        BigDecimal us = rounded(micros);
        if (us.abs().compareTo(BigDecimal.valueOf(1000)) < 0) {
            return text(us) + " µs";
        }
        BigDecimal ms = rounded(micros / 1e3);
        if (ms.abs().compareTo(BigDecimal.valueOf(10_000)) < 0) {
            return text(ms) + " ms";
        }
        return text(rounded(micros / 1e6)) + " s";
    }

    /** A latency in milliseconds, as experiments keep them. */
    static String latencyMillis(Double millis) {
        return missing(millis) ? NONE : latencyMicros(millis * 1e3);
    }

    /** A length of time in seconds: {@code 2.00 s}, {@code 1,800 s}. */
    static String seconds(Double seconds) {
        return missing(seconds) ? NONE : plain(seconds) + " s";
    }

    /** Bytes in decimal units, as the reports count MB: {@code 512 B}, {@code 12.3 kB}, {@code 36.8 MB}. */
    static String bytes(Double bytes) {
        if (missing(bytes)) {
            return NONE;
        }
        String[] units = {"B", "kB", "MB", "GB", "TB"};
        int unit = 0;
        BigDecimal shown = rounded(bytes);
        while (unit < units.length - 1 && shown.abs().compareTo(BigDecimal.valueOf(1000)) >= 0) {
            unit++;
            shown = rounded(bytes / Math.pow(1000, unit));
        }
        return text(shown) + " " + units[unit];
    }

    private static boolean missing(Double value) {
        return value == null || !Double.isFinite(value);
    }

    private static String plain(double value) {
        return text(rounded(value));
    }

    /**
     * Whole from 100 up (so 99.95 is 100, which then prints whole) and for a whole value (a message of 64 B, not
     * 64.0 B); below, three significant digits, zeros kept ({@code 1.50}, {@code 0.500}) so every figure shows its
     * precision alike.
     */
    private static BigDecimal rounded(double value) {
        BigDecimal v = BigDecimal.valueOf(value);
        BigDecimal three = v.round(THREE);
        if (three.abs().compareTo(BigDecimal.valueOf(100)) >= 0 || value == Math.rint(value)) {
            return v.setScale(0, RoundingMode.HALF_UP);
        }
        return three.precision() < 3 ? three.setScale(three.scale() + 3 - three.precision()) : three;
    }

    private static String text(BigDecimal v) {
        if (v.signum() == 0) {
            return "0";
        }
        return v.scale() <= 0 ? grouped(v) : v.toPlainString();
    }

    private static String grouped(BigDecimal whole) {
        return new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(whole);
    }
}
