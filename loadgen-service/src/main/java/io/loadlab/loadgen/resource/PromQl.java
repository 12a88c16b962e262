package io.loadlab.loadgen.resource;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fills a {@link Preset} template or a custom query: the spec's {@code match} as {@code =~} matchers, the node's
 * cores and device, and the cell's measured length for {@link ResourceSpec#RANGE}. Label values are escaped as
 * PromQL double-quoted strings, so a match cannot end its string and add a clause.
 */
public final class PromQl {

    /** The label that network series lack in cAdvisor (they live on the pod's sandbox). */
    static final String CONTAINER = "container";

    private PromQl() {
    }

    /**
     * @param match  label to regular expression
     * @param cpus   the node preset's cores, {@code "1"}, {@code "2-3"}, {@code "0,2"}; null for other presets
     * @param device the node preset's network device; null for other presets
     * @param range  the cell's measured length, written in whole milliseconds ({@code 3000ms})
     */
    public static String render(String template, Map<String, String> match, String cpus, String device, Duration range) {
        return template.replace(Preset.MATCH, matchers(match, false))
                .replace(Preset.POD_MATCH, matchers(match, true).replaceFirst("^,", ""))
                .replace(Preset.CPUS, cpus == null ? "" : escape(cpuRegex(cpus)))
                .replace(Preset.DEVICE, device == null ? "" : escape(device))
                .replace(ResourceSpec.RANGE, Math.max(1, range.toMillis()) + "ms");
    }

    /** {@code ,a=~"x",b=~"y"} in name order; without {@code container} when {@code podOnly}. */
    static String matchers(Map<String, String> match, boolean podOnly) {
        StringBuilder s = new StringBuilder();
        new TreeMap<>(match).forEach((label, regex) -> {
            if (!(podOnly && CONTAINER.equals(label))) {
                s.append(',').append(label).append("=~\"").append(escape(regex)).append('"');
            }
        });
        return s.toString();
    }

    /** {@code "0,2-3"} to {@code 0|2|3}; the spec's validation has checked the form. */
    static String cpuRegex(String cpus) {
        StringBuilder s = new StringBuilder();
        for (String part : cpus.split(",")) {
            String[] ends = part.trim().split("-");
            int from = Integer.parseInt(ends[0].trim());
            int to = ends.length > 1 ? Integer.parseInt(ends[1].trim()) : from;
            for (int c = from; c <= to; c++) {
                s.append(s.length() == 0 ? "" : "|").append(c);
            }
        }
        return s.toString();
    }

    /** A PromQL double-quoted string's content: backslash and quote escaped, no raw line breaks. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\r", "\\r");
    }
}
