package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Map;

/**
 * The thresholds a run or an experiment asked for, as the spec writes them:
 * <pre>{@code
 * "thresholds": {
 *   "p99Millis": "< 50",
 *   "errorRate": "< 0.001",
 *   "errors": {"limit": "< 10", "abortOnFail": true},
 *   "requestsPerSecond": [">= 20000", "< 90000"],
 *   "trustworthy": true
 * }
 * }</pre>
 * A figure takes one condition, an object with {@code limit} and {@code abortOnFail}, or a list of either; {@code
 * true}/{@code false} mean {@code == 1}/{@code == 0}. Written back in the same form ({@code true} as {@code "== 1"}), so
 * a kept record reads back to an equal spec.
 * At most {@link #MAX} thresholds.
 */
public record GateSpec(List<Threshold> thresholds) {

    /** Thresholds one spec may ask for: more is a typo or a flood, not a gate. */
    public static final int MAX = 32;

    public GateSpec {
        thresholds = List.copyOf(thresholds);
        if (thresholds.size() > MAX) {
            throw new IllegalArgumentException("at most " + MAX + " thresholds: " + thresholds.size());
        }
    }

    /**
     * Reads the written form (a JSON object as Jackson maps it: strings, booleans, numbers, maps, lists).
     *
     * @throws IllegalArgumentException naming the first bad threshold ({@code thresholds.p99Millis: ...})
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static GateSpec of(Map<String, Object> written) {
        return new GateSpec(WrittenThresholds.read(written));
    }

    /** The written form, one entry per figure in the order first asked. */
    @JsonValue
    public Map<String, Object> written() {
        return WrittenThresholds.write(thresholds);
    }
}
