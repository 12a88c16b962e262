package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Caffeine's generated classes, which a native image has only when they are registered for reflection. A bounded
 * Caffeine cache is an instance of a class generated for its builder's features ({@code SSSMWW}: strong keys and
 * values, stats, maximum by weight, expiry after write) holding a node factory of another ({@code PSWMW}); Caffeine
 * finds both by name ({@code Class.forName}, then their {@code FACTORY} field or constructor). Quarkus' Caffeine
 * extension registers a fixed list of them: the target's answer cache needed one outside it, and its native image
 * answered every request with a 500 (issue 48).
 *
 * <p>The classes are read off a cache the code really built, not worked out from Caffeine's naming rules, so a
 * Caffeine upgrade that renames them is followed without a change here.
 */
final class CaffeineCaches {

    static final String PACKAGE = "com.github.benmanes.caffeine.cache";
    static final String BUILDER = PACKAGE + ".Caffeine";
    /** The generated classes' simple names are their feature letters alone; Caffeine's written classes have words. */
    private static final Pattern GENERATED = Pattern.compile("[A-Z]{2,}");
    /** Cache, its node factory and a wrapper or two: three hops reach them all in Caffeine 3. */
    private static final int DEPTH = 4;

    private CaffeineCaches() {
    }

    /** The classes among {@code classes} whose code calls one of Caffeine's {@code build} methods. */
    static SortedSet<String> builders(JavaClasses classes) {
        SortedSet<String> builders = new TreeSet<>();
        for (JavaClass c : classes) {
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().getName().equals(BUILDER) && call.getName().startsWith("build")) {
                    builders.add(c.getName());
                }
            }
        }
        return builders;
    }

    /**
     * The generated classes behind {@code cache}, found by walking its fields and theirs through Caffeine's own
     * objects.
     *
     * @throws IllegalArgumentException when {@code cache} is not one of Caffeine's objects
     */
    static SortedSet<String> generatedClasses(Object cache) {
        if (!cache.getClass().getName().startsWith(PACKAGE + ".")) {
            throw new IllegalArgumentException(cache.getClass().getName() + " is not a Caffeine cache");
        }
        SortedSet<String> generated = new TreeSet<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Object> level = new ArrayDeque<>();
        level.add(cache);
        for (int depth = 0; depth < DEPTH && !level.isEmpty(); depth++) {
            Deque<Object> next = new ArrayDeque<>();
            for (Object o : level) {
                if (!seen.add(o)) {
                    continue;
                }
                if (GENERATED.matcher(o.getClass().getSimpleName()).matches()) {
                    generated.add(o.getClass().getName());
                }
                next.addAll(caffeineFields(o));
            }
            level = next;
        }
        return generated;
    }

    private static Deque<Object> caffeineFields(Object o) {
        Deque<Object> values = new ArrayDeque<>();
        for (Class<?> k = o.getClass(); k != null && k.getName().startsWith(PACKAGE + "."); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                Object value = read(f, o);
                if (value != null && value.getClass().getName().startsWith(PACKAGE + ".")) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    private static Object read(Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot read Caffeine's " + f + ": the guard needs the classpath, not a module", e);
        }
    }
}
