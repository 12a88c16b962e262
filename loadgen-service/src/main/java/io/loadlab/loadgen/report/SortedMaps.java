package io.loadlab.loadgen.report;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Maps in reports keep one order, by key, so a report is written the same way every time. {@code Map.copyOf} iterates
 * in an order salted per JVM start: over 3 starts of one test (ReportGoldenTest) a distributed report's four counts
 * changed order twice and an h2+tls report's two failure reasons once, in stored reports and answers alike.
 */
public final class SortedMaps {

    private SortedMaps() {
    }

    /**
     * An unmodifiable copy of {@code map} in its keys' natural order (an enum's: declaration order); empty for null.
     *
     * @throws NullPointerException for a null key or value, as {@code Map.copyOf}
     */
    public static <K extends Comparable<? super K>, V> Map<K, V> copyOf(Map<K, V> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(Map.copyOf(map)));
    }
}
