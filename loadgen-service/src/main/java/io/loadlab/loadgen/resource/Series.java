package io.loadlab.loadgen.resource;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One series of an instant vector as Prometheus answered it: its labels and its value (NaN and the infinities as
 * Prometheus writes them, {@code "NaN"}, {@code "+Inf"}, {@code "-Inf"}).
 */
record Series(Map<String, String> labels, double value) {

    /** Label text in a message: a pod name can be 253 characters, a series a dozen labels; 200 keeps a 400 readable. */
    static final int MAX_TEXT = 200;

    Series {
        labels = Map.copyOf(labels);
    }

    /** {@code {job="app",pod="x"}} in name order, cut at {@link #MAX_TEXT} characters. */
    String describe() {
        return bounded(new TreeMap<>(labels).entrySet().stream().map(e -> e.getKey() + "=\"" + e.getValue() + "\"")
                .collect(Collectors.joining(",", "{", "}")));
    }

    static String bounded(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "...";
    }
}
