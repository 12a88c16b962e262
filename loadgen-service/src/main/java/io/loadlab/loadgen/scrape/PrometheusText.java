package io.loadlab.loadgen.scrape;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Reads samples out of Prometheus' text exposition format: {@code name{labels} value [timestamp]}, one per line.
 * A sample's name must match exactly ({@code up} is not {@code upper}); label values may hold {@code }} or spaces
 * inside quotes; the value is the first token after the labels (a trailing timestamp is not the value).
 */
public final class PrometheusText {

    private PrometheusText() {
    }

    /** The first finite sample of {@code name} (any labels), or empty. */
    public static OptionalDouble first(String text, String name) {
        for (String line : text.split("\n")) {
            double v = value(line, name);
            if (Double.isFinite(v)) {
                return OptionalDouble.of(v);
            }
        }
        return OptionalDouble.empty();
    }

    /** The sum of every finite sample of {@code name} (any labels), each truncated to a long, or empty when none. */
    public static OptionalLong sum(String text, String name) {
        long sum = 0;
        boolean found = false;
        for (String line : text.split("\n")) {
            double v = value(line, name);
            if (Double.isFinite(v)) {
                sum += (long) v;
                found = true;
            }
        }
        return found ? OptionalLong.of(sum) : OptionalLong.empty();
    }

    /** The line's value if it is a sample of {@code name}, else NaN. */
    private static double value(String line, String name) {
        if (!line.startsWith(name) || line.length() == name.length()) {
            return Double.NaN;
        }
        int i = name.length();
        if (line.charAt(i) == '{') {
            i = endOfLabels(line, i + 1);
            if (i < 0) {
                return Double.NaN;
            }
        } else if (line.charAt(i) != ' ' && line.charAt(i) != '\t') {
            return Double.NaN;
        }
        String rest = line.substring(i).trim();
        int space = rest.indexOf(' ');
        String token = space < 0 ? rest : rest.substring(0, space);
        try {
            return Double.parseDouble(token);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The index after the closing brace of labels starting at {@code i}, or -1 when they never close. */
    private static int endOfLabels(String line, int i) {
        boolean quoted = false;
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == '}' && !quoted) {
                return i + 1;
            }
        }
        return -1;
    }
}
