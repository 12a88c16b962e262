package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prometheus relabeling (actions replace, keep, drop) over one target's labels, as documented:
 * source labels joined by ';', fully anchored regex (default "(.*)"), replacement "$1" by default.
 */
final class Relabel {

    private Relabel() {
    }

    /** @return false when the target is dropped; {@code labels} is rewritten in place */
    static boolean apply(JsonNode rules, Map<String, String> labels) {
        for (JsonNode rule : rules) {
            List<String> values = new ArrayList<>();
            rule.path("source_labels").forEach(s -> values.add(labels.getOrDefault(s.asText(), "")));
            String joined = String.join(rule.path("separator").asText(";"), values);
            Matcher m = Pattern.compile("^(?:" + rule.path("regex").asText("(.*)") + ")$").matcher(joined);
            String action = rule.path("action").asText("replace");
            switch (action) {
                case "keep" -> {
                    if (!m.matches()) {
                        return false;
                    }
                }
                case "drop" -> {
                    if (m.matches()) {
                        return false;
                    }
                }
                case "replace" -> {
                    if (m.matches()) {
                        String value = m.replaceFirst(rule.path("replacement").asText("$1").replaceAll("\\$\\{(\\d+)}", "\\$$1"));
                        if (value.isEmpty()) {
                            labels.remove(rule.path("target_label").asText());
                        } else {
                            labels.put(rule.path("target_label").asText(), value);
                        }
                    }
                }
                default -> throw new AssertionError("relabel action " + action + " not simulated");
            }
        }
        return true;
    }
}
