package io.loadlab.cli.progress;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A spec's {@code duration} as the API writes it back ({@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}, ISO). */
final class SpecDuration {

    private static final Pattern SHORT = Pattern.compile("(\\d{1,12})(ms|s|m|h)");

    private SpecDuration() {
    }

    /** The run's measured seconds, or 0 when the spec names none this can read (the bar then shows elapsed alone). */
    static double seconds(JsonNode run) {
        String text = run.path("spec").path("duration").asText("");
        Matcher m = SHORT.matcher(text);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> n / 1000.0;
                case "s" -> n;
                case "m" -> n * 60.0;
                default -> n * 3600.0;
            };
        }
        try {
            return Duration.parse(text).toMillis() / 1000.0;
        } catch (DateTimeParseException e) {
            return 0;
        }
    }
}
