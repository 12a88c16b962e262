package io.loadlab.loadgen.run;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as users of wrk write them ({@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}) or ISO-8601 ({@code PT10S}). */
public final class Durations {

    /**
     * The longest duration accepted: a run's times are nanoseconds in a long, and
     * {@code Duration.toNanos()} throws beyond this (about 292 years; issue 10 found {@code 999999999h}
     * and {@code PT2562048H} answered 500 from that overflow). Limits far below it apply on top.
     */
    public static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);

    /** 18 digits: every long of milliseconds {@link #format} writes (a 10-digit one failed to read back), none overflowing. */
    private static final Pattern SHORT = Pattern.compile("(\\d{1,18})(ms|s|m|h)");

    private Durations() {
    }

    /**
     * The duration, or empty when the text is neither form, is negative, or is longer than {@link #MAX}.
     */
    public static Optional<Duration> parse(String text) {
        return parseAnyLength(text).filter(d -> d.compareTo(MAX) <= 0);
    }

    private static Optional<Duration> parseAnyLength(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim();
        Matcher m = SHORT.matcher(t);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            try {
                return Optional.of(switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                });
            } catch (ArithmeticException e) {
                return Optional.empty();
            }
        }
        if (t.startsWith("P") || t.startsWith("p")) {
            try {
                Duration d = Duration.parse(t);
                return d.isNegative() ? Optional.empty() : Optional.of(d);
            } catch (DateTimeParseException | ArithmeticException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Renders as the short form when exact ({@code 10s}, {@code 500ms}), for reports and JSON. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }
}
