package io.loadlab.loadgen.gate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The written form of {@link GateSpec} both ways: {@code "p99Millis": "< 50"}, {@code {"limit": "< 10", "abortOnFail":
 * true}}, a list of either, {@code true}/{@code false} for {@code == 1}/{@code == 0}. Every problem names the figure
 * ({@code thresholds.p99Millis}); nothing past {@link GateSpec#MAX} thresholds is read.
 */
final class WrittenThresholds {

    static final String FIELD = "thresholds";
    /** A condition as written: a comparison, optional spaces, a plain or scientific number. 64 characters at most. */
    private static final Pattern CONDITION =
            Pattern.compile("\\s*(<=|>=|==|<|>)\\s*(-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d{1,3})?)\\s*");
    private static final int MAX_CONDITION_CHARS = 64;
    /** k6's name for the measured time before an {@code abortOnFail} threshold is first judged. */
    static final String DELAY = "delayAbortEval";
    private static final Pattern DURATION = Pattern.compile("(\\d{1,7})(ms|s|m)");
    private static final Duration MAX_DELAY = Duration.ofHours(1);
    private static final String HINT = "must be a condition like \"< 50\" (<, <=, >, >=, == and a number), true, false, "
            + "{\"limit\": \"< 10\", \"abortOnFail\": true} or a list of these";

    private WrittenThresholds() {
    }

    static List<Threshold> read(Map<String, Object> written) {
        if (written == null) {
            throw new InvalidThresholdException(FIELD, "must be an object of figure: condition");
        }
        List<Threshold> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : written.entrySet()) {
            String figure = e.getKey();
            String at = FIELD + "." + (figure != null && figure.length() <= 64 ? figure : "?");
            if (figure == null || !figure.matches(Threshold.FIGURE)) {
                throw new InvalidThresholdException(at, "not a figure's name: letters and digits, 64 at most");
            }
            Object value = e.getValue();
            List<?> each = value instanceof List<?> list ? list : List.of(value == null ? HINT : value);
            if (each.isEmpty()) {
                throw new InvalidThresholdException(at, "an empty list; " + HINT);
            }
            for (Object one : each) {
                if (out.size() == GateSpec.MAX) {
                    throw new InvalidThresholdException(at, "more than " + GateSpec.MAX + " thresholds");
                }
                out.add(one(figure, at, one == HINT ? null : one));
            }
        }
        return out;
    }

    private static Threshold one(String figure, String at, Object value) {
        if (value instanceof Map<?, ?> map) {
            for (Object key : map.keySet()) {
                if (!"limit".equals(key) && !"abortOnFail".equals(key) && !DELAY.equals(key)) {
                    throw new InvalidThresholdException(at, "unknown field '" + shortened(key) + "'; limit, abortOnFail, "
                            + DELAY);
                }
            }
            Object abort = map.get("abortOnFail");
            if (abort != null && !(abort instanceof Boolean)) {
                throw new InvalidThresholdException(at + ".abortOnFail", "must be true or false");
            }
            Object limit = map.get("limit");
            if (limit == null || limit instanceof Map || limit instanceof List) {
                throw new InvalidThresholdException(at + ".limit", "is required: a condition like \"< 10\", true or false");
            }
            Duration delay = delay(at + "." + DELAY, map.get(DELAY), Boolean.TRUE.equals(abort));
            return condition(figure, at + ".limit", limit, Boolean.TRUE.equals(abort), delay);
        }
        return condition(figure, at, value, false, Duration.ZERO);
    }

    /** {@code "10s"}, {@code "500ms"}, {@code "2m"}: up to an hour, only beside {@code abortOnFail: true}. */
    private static Duration delay(String at, Object written, boolean abortOnFail) {
        if (written == null) {
            return Duration.ZERO;
        }
        if (!abortOnFail) {
            throw new InvalidThresholdException(at, "goes with \"abortOnFail\": true");
        }
        Matcher m = written instanceof String s && s.length() <= 16 ? DURATION.matcher(s) : null;
        if (m == null || !m.matches()) {
            throw new InvalidThresholdException(at, "must be a duration like \"10s\", \"500ms\" or \"2m\"");
        }
        long n = Long.parseLong(m.group(1));
        Duration d = switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            default -> Duration.ofMinutes(n);
        };
        if (d.compareTo(MAX_DELAY) > 0) {
            throw new InvalidThresholdException(at, "at most 1h: " + written);
        }
        return d;
    }

    private static Threshold condition(String figure, String at, Object value, boolean abortOnFail, Duration delay) {
        if (value instanceof Boolean b) {
            return new Threshold(figure, Comparison.EQUAL, b ? 1 : 0, abortOnFail, delay);
        }
        if (!(value instanceof String s)) {
            throw new InvalidThresholdException(at, HINT);
        }
        Matcher m = s.length() <= MAX_CONDITION_CHARS ? CONDITION.matcher(s) : null;
        if (m == null || !m.matches()) {
            throw new InvalidThresholdException(at, "'" + shortened(s) + "' " + HINT);
        }
        double limit = Double.parseDouble(m.group(2));
        if (!Double.isFinite(limit)) {
            throw new InvalidThresholdException(at, "the limit must be a finite number: " + shortened(s));
        }
        return new Threshold(figure, Comparison.of(m.group(1)).orElseThrow(), limit, abortOnFail, delay);
    }

    static Map<String, Object> write(List<Threshold> thresholds) {
        Map<String, List<Object>> byFigure = new LinkedHashMap<>();
        for (Threshold t : thresholds) {
            Object one = t.abortOnFail() ? abortWritten(t) : t.limitText();
            byFigure.computeIfAbsent(t.figure(), f -> new ArrayList<>()).add(one);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        byFigure.forEach((figure, list) -> out.put(figure, list.size() == 1 ? list.get(0) : List.copyOf(list)));
        return out;
    }

    private static Map<String, Object> abortWritten(Threshold t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("limit", t.limitText());
        m.put("abortOnFail", true);
        if (!t.delayAbortEval().isZero()) {
            long ms = t.delayAbortEval().toMillis();
            m.put(DELAY, ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms");
        }
        return m;
    }

    private static String shortened(Object o) {
        String s = String.valueOf(o);
        return s.length() <= MAX_CONDITION_CHARS ? s : s.substring(0, MAX_CONDITION_CHARS) + "...";
    }
}
