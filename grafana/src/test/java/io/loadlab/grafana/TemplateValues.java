package io.loadlab.grafana;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Substitutes Grafana template variables in PromQL as the Prometheus data source does: a single value
 * as is, several as a regex alternation {@code (a|b)} with regex metacharacters escaped, and the
 * built-ins {@code $__rate_interval}, {@code $__interval}, {@code $__range} with fixed durations.
 */
final class TemplateValues {

    /** $name, ${name}, ${name:format} and the deprecated [[name]]. */
    private static final Pattern REFERENCE = Pattern.compile("\\$(\\w+)|\\$\\{(\\w+)(?::[^}]*)?}|\\[\\[(\\w+)(?::[^]]*)?]]");

    private final Map<String, String> values = new LinkedHashMap<>();

    TemplateValues(String rateInterval, String interval, long rangeSeconds) {
        values.put("__rate_interval", rateInterval);
        values.put("__interval", interval);
        values.put("__range", rangeSeconds + "s");
        values.put("__range_s", Long.toString(rangeSeconds));
    }

    void set(String name, List<String> chosen, boolean several) {
        if (!several && chosen.size() == 1) {
            values.put(name, chosen.get(0));
        } else {
            values.put(name, "(" + String.join("|", chosen.stream().map(TemplateValues::regexEscape).toList()) + ")");
        }
    }

    /** The text with every reference replaced; an unknown variable is an error naming it. */
    String apply(String text) {
        Matcher m = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException("unknown template variable $" + name + " in: " + text);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Grafana's prometheusSpecialRegexEscape: a backslash doubled for the PromQL string, then the regex one. */
    static String regexEscape(String value) {
        return value.replace("\\", "\\\\\\\\").replaceAll("[$^*{}\\[\\]'+?.()|]", "\\\\\\\\$0");
    }
}
