package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * fabric8's model classes keep fields they don't know in an {@code additionalProperties} map (a
 * Jackson any-setter), so FAIL_ON_UNKNOWN_PROPERTIES alone lets a misspelt field through. This walks
 * the parsed object and fails on any non-empty additionalProperties, naming the path, and checks that
 * every field of the input survived the parse.
 */
final class StrictModel {

    private StrictModel() {
    }

    static void assertNoUnknownFields(String what, Object model) {
        walk(what, "", model);
    }

    private static void walk(String what, String path, Object o) {
        if (o == null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                walk(what, path + "[" + i++ + "]", e);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> walk(what, path + "." + k, v));
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                Object v;
                try {
                    v = f.get(o);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
                if (f.getName().equals("additionalProperties") && v instanceof Map<?, ?> extra) {
                    if (!extra.isEmpty()) {
                        fail(what + ": unknown field(s) " + extra.keySet() + " at " + (path.isEmpty() ? "/" : path));
                    }
                    continue;
                }
                walk(what, path + "." + f.getName(), v);
            }
        }
    }

    /** Every field of {@code in} is in {@code out} with the same value: nothing was dropped by the parse. */
    static void assertContained(String what, String path, JsonNode in, JsonNode out) {
        if (in.isObject()) {
            if (!out.isObject()) {
                fail(what + ": " + path + " is not an object after parsing");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = in.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode o = out.get(e.getKey());
                if (o == null || o.isNull()) {
                    if (e.getValue().isNull() || e.getValue().isEmpty() && e.getValue().isContainerNode()) {
                        continue;
                    }
                    fail(what + ": field " + path + "/" + e.getKey() + " is unknown to the model (dropped when parsed)");
                }
                assertContained(what, path + "/" + e.getKey(), e.getValue(), o);
            }
        } else if (in.isArray()) {
            if (!out.isArray() || out.size() != in.size()) {
                fail(what + ": " + path + " changed when parsed");
            }
            for (int i = 0; i < in.size(); i++) {
                assertContained(what, path + "/" + i, in.get(i), out.get(i));
            }
        } else if (!in.asText().equals(out.asText())) {
            fail(what + ": " + path + " reads back as " + out + ", not " + in);
        }
    }
}
