package io.loadlab.loadgen.page;

import com.fasterxml.jackson.databind.JsonNode;
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
        String last = name.substring(name.lastIndexOf('.') + 1);
        double v = value.doubleValue();
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
        return value.isIntegralNumber() ? Numbers.count(value.longValue()) : Numbers.number(v);
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
