package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a JSON object field by field, recording a violation for each field of the wrong type and
 * answering its default instead, so one pass finds every bad field. Fields never asked for are
 * reported as unknown by {@link #rejectUnknown()}. Absent and {@code null} fields take the default.
 */
public final class JsonFields {

    private final ObjectNode node;
    private final Violations violations;
    private final String prefix;
    private final Set<String> read = new HashSet<>();

    public JsonFields(ObjectNode node, Violations violations) {
        this(node, violations, "");
    }

    /** Fields of a nested object; violations name them under {@code prefix}, e.g. {@code targets[0].url}. */
    private JsonFields(ObjectNode node, Violations violations, String prefix) {
        this.node = node;
        this.violations = violations;
        this.prefix = prefix;
    }

    public Violations violations() {
        return violations;
    }

    /** Marks a field as known without reading it (e.g. the discriminator). */
    public void known(String field) {
        read.add(field);
    }

    /** The field's JSON as it is, null when absent: for a reader of another kind's fields (an experiment's mix). */
    public JsonNode raw(String field) {
        return get(field);
    }

    public String text(String field, String dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        return n.isTextual() ? n.textValue() : bad(field, "must be a string", dflt);
    }

    public int integer(String field, int dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        return n.isIntegralNumber() && n.canConvertToInt() ? n.intValue() : bad(field, "must be an integer", dflt);
    }

    public double number(String field, double dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        return n.isNumber() ? n.doubleValue() : bad(field, "must be a number", dflt);
    }

    public boolean bool(String field, boolean dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        return n.isBoolean() ? n.booleanValue() : bad(field, "must be true or false", dflt);
    }

    /** A duration as {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h} or ISO-8601, in whole milliseconds. */
    public Duration duration(String field, Duration dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        String hint = "must be a duration like 500ms, 10s, 2m or PT10S, at most 292 years";
        if (!n.isTextual()) {
            return bad(field, hint, dflt);
        }
        Duration d = Durations.parse(n.textValue()).orElse(null);
        if (d == null) {
            return bad(field, hint, dflt);
        }
        return d.toNanos() % 1_000_000 == 0 ? d : bad(field, "must be a whole number of milliseconds", dflt);
    }

    public URI uri(String field) {
        String s = text(field, null);
        if (s == null) {
            return null;
        }
        try {
            return new URI(s);
        } catch (URISyntaxException e) {
            return bad(field, "is not a valid URI: " + e.getReason(), null);
        }
    }

    /** An object of string values, e.g. headers; insertion order kept. */
    public Map<String, String> stringMap(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        if (!n.isObject()) {
            return bad(field, "must be an object of string values", null);
        }
        Map<String, String> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = n.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isTextual()) {
                out.put(e.getKey(), e.getValue().textValue());
            } else {
                violations.add(prefix + field, "value of '" + e.getKey() + "' must be a string");
            }
        }
        return out;
    }

    /**
     * An object of at most {@code maxEntries} string values, each key and value at most {@code maxChars} characters;
     * null with a violation past either, counted before anything is copied.
     */
    public Map<String, String> stringMap(String field, int maxEntries, int maxChars) {
        JsonNode n = node.get(field);
        if (n != null && n.isObject() && n.size() > maxEntries) {
            read.add(field);
            return bad(field, n.size() + " entries, more than " + maxEntries, null);
        }
        Map<String, String> out = stringMap(field);
        if (out != null && out.entrySet().stream().anyMatch(e -> e.getKey().length() > maxChars || e.getValue().length() > maxChars)) {
            return bad(field, "names and values must be at most " + maxChars + " characters", null);
        }
        return out;
    }

    /**
     * An array of at most {@code maxEntries} strings, each at most {@code maxChars} characters; null when absent,
     * and null with a violation past either bound or for an element that is not a string, counted before copying.
     */
    public java.util.List<String> strings(String field, int maxEntries, int maxChars) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        if (!n.isArray()) {
            return bad(field, "must be an array of strings", null);
        }
        if (n.size() > maxEntries) {
            return bad(field, n.size() + " entries, more than " + maxEntries, null);
        }
        java.util.List<String> out = new java.util.ArrayList<>(n.size());
        for (JsonNode e : n) {
            if (!e.isTextual() || e.textValue().length() > maxChars) {
                return bad(field, "must hold strings of at most " + maxChars + " characters", null);
            }
            out.add(e.textValue());
        }
        return out;
    }

    /** A nested object's fields, null when absent; its violations are named {@code field.x}. */
    public JsonFields object(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        return n.isObject() ? new JsonFields((ObjectNode) n, violations, prefix + field + ".")
                : bad(field, "must be an object", null);
    }

    /**
     * An array of objects, each read through its own fields named {@code field[i].x}; null when absent.
     * An element that is not an object is reported and left out.
     */
    public java.util.List<JsonFields> objects(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        if (!n.isArray()) {
            return bad(field, "must be an array of objects", null);
        }
        java.util.List<JsonFields> out = new java.util.ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String name = field + "[" + i + "]";
            if (e.isObject()) {
                out.add(new JsonFields((ObjectNode) e, violations, prefix + name + "."));
            } else {
                violations.add(prefix + name, "must be an object");
            }
        }
        return out;
    }

    /**
     * An array of at most {@code maxEntries} objects, as {@link #objects(String)}; null with a violation past the
     * bound, counted before any element is looked at.
     */
    public java.util.List<JsonFields> objects(String field, int maxEntries) {
        JsonNode n = node.get(field);
        if (n != null && n.isArray() && n.size() > maxEntries) {
            read.add(field);
            return bad(field, n.size() + " entries, more than " + maxEntries, null);
        }
        return objects(field);
    }

    /** A whole number that fits a {@code long}. */
    public long longInteger(String field, long dflt) {
        JsonNode n = get(field);
        if (n == null) {
            return dflt;
        }
        return n.isIntegralNumber() && n.canConvertToLong() ? n.longValue() : bad(field, "must be an integer", dflt);
    }

    /** An array of at most {@code maxEntries} whole numbers that fit a {@code long}; null when absent or bad. */
    public java.util.List<Long> longs(String field, int maxEntries) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        if (!n.isArray() || n.size() > maxEntries) {
            return bad(field, "must be an array of at most " + maxEntries + " integers", null);
        }
        java.util.List<Long> out = new java.util.ArrayList<>(n.size());
        for (JsonNode e : n) {
            if (!e.isIntegralNumber() || !e.canConvertToLong()) {
                return bad(field, "must be an array of at most " + maxEntries + " integers", null);
            }
            out.add(e.longValue());
        }
        return out;
    }

    /**
     * An array of at most {@code maxEntries} strings or numbers (a number as its JSON text: ids are often numbers),
     * each at most {@code maxChars} characters; null when absent, null with a violation past a bound, counted first.
     */
    public java.util.List<String> scalars(String field, int maxEntries, int maxChars) {
        JsonNode n = get(field);
        if (n == null) {
            return null;
        }
        if (!n.isArray()) {
            return bad(field, "must be an array of strings or numbers", null);
        }
        if (n.size() > maxEntries) {
            return bad(field, n.size() + " entries, more than " + maxEntries, null);
        }
        java.util.List<String> out = new java.util.ArrayList<>(n.size());
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String text = e.isTextual() ? e.textValue() : e.isNumber() ? e.asText() : null;
            if (text == null || text.length() > maxChars) {
                violations.add(prefix + field + "[" + i + "]", "must be a string or a number of at most " + maxChars + " characters");
                return null;
            }
            out.add(text);
        }
        return out;
    }

    /** The names of this object's fields, in order; at most {@code max}, null with a violation past it. */
    public java.util.List<String> names(String at, int max) {
        if (node.size() > max) {
            violations.add(at, node.size() + " entries, more than " + max);
            return null;
        }
        java.util.List<String> names = new java.util.ArrayList<>(node.size());
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** True when {@code field} holds an array (a bare list where an object may stand). */
    public boolean isArray(String field) {
        JsonNode n = node.get(field);
        return n != null && n.isArray();
    }

    /** Names every field of the object that no reader asked for. */
    public void rejectUnknown() {
        node.fieldNames().forEachRemaining(name -> {
            if (!read.contains(name)) {
                violations.add(prefix + name, "unknown field");
            }
        });
    }

    private JsonNode get(String field) {
        read.add(field);
        JsonNode n = node.get(field);
        return n == null || n.isNull() ? null : n;
    }

    private <T> T bad(String field, String message, T dflt) {
        violations.add(prefix + field, message);
        return dflt;
    }

    /**
     * Rejects unknown fields, then builds the record and adds its own violations to those found so far;
     * null if there is any. A field already reported as mistyped was given its default: its default
     * is not blamed too.
     */
    public <T> T build(Supplier<T> record) {
        rejectUnknown();
        Set<String> alreadyBad = new HashSet<>();
        violations.list().forEach(x -> alreadyBad.add(x.field()));
        try {
            T built = record.get();
            return violations.isEmpty() ? built : null;
        } catch (InvalidSpecException e) {
            e.violations().stream().filter(x -> !alreadyBad.contains(x.field()))
                    .forEach(x -> violations.add(x.field(), x.message()));
            return null;
        }
    }
}
