package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.loadlab.loadgen.stats.Interval;
import io.quarkus.qute.TemplateData;

/**
 * One headline figure of a report: its JSON field path, its value exactly as the JSON report writes it (the page's
 * {@code data-value}, so a reader or a test can check the page against {@code /runs/{id}/report}), and the same value
 * as people read it ({@code 137,777 req/s}).
 */
@TemplateData
public record Figure(String name, String value, String shown) {

    /** A figure of the report, its unit read from its name as every report names them (no kind asked). */
    static Figure of(String name, JsonNode value) {
        return new Figure(name, value.asText(), value.isNumber() ? shown(name, value) : value.asText());
    }

    /**
     * The name's last part decides: {@code ...PerSecond} and {@code ...Rate} are rates, {@code ...Micros} latencies,
     * {@code ...Seconds} times, {@code bytes...}, {@code ...Bytes} and {@code ...Size} bytes, {@code ...Percent} and
     * ratios ({@code errorRate}, {@code ...Ratio}) percentages; a whole number is a count.
     */
    static String shown(String name, JsonNode value) {
        return shown(name, value.doubleValue(), value.isIntegralNumber());
    }

    /** {@code value} of the figure {@code name}, in its unit; {@code whole}: a count when no unit fits. */
    static String shown(String name, Double value, boolean whole) {
        if (value == null) {
            return Numbers.NONE;
        }
        String last = name.substring(name.lastIndexOf('.') + 1);
        double v = value;
        if (last.equals("errorRate") || last.endsWith("Ratio")) {
            return Numbers.percent(v);
        }
        if (last.endsWith("Percent")) {
            return Numbers.percentOf(v);
        }
        if (last.endsWith("PerSecond") || last.endsWith("Rate")) {
            return Numbers.perSecond(v, rateUnit(last));
        }
        if (last.endsWith("Micros")) {
            return Numbers.latencyMicros(v);
        }
        if (last.endsWith("Millis")) {
            return Numbers.latencyMillis(v);
        }
        if (last.endsWith("Seconds")) {
            return Numbers.seconds(v);
        }
        if (last.startsWith("bytes") || last.endsWith("Bytes") || last.endsWith("Size")) {
            return Numbers.bytes(v);
        }
        return whole ? Numbers.count((long) v) : Numbers.number(v);
    }

    /**
     * A median and its interval over repeats, each in the figure's unit: {@code 1,234 req/s [1,100 – 1,400]}. The
     * ends are joined by a dash, not a comma: a comma already groups the digits. {@link Numbers#NONE} for none.
     */
    static String interval(String name, Interval i) {
        if (i == null) {
            return Numbers.NONE;
        }
        return shown(name, i.median(), false) + " [" + shown(name, i.low(), false) + " – " + shown(name, i.high(), false) + "]";
    }

    private static String rateUnit(String name) {
        if (name.startsWith("requests") || name.equals("requestedRate") || name.equals("achievedRate")) {
            return "req/s";
        }
        if (name.startsWith("messages")) {
            return "msg/s";
        }
        if (name.startsWith("megabytes") || name.startsWith("mb")) {
            return "MB/s";
        }
        if (name.startsWith("bits")) {
            return "bit/s";
        }
        if (name.startsWith("megabits")) {
            return "Mbit/s";
        }
        return "/s";
    }
}
