package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of a service's own types reach Jackson without being registered for reflection. Jackson in a native image
 * sees only the constructors, fields and accessors registered for reflection; an unregistered record serialises
 * as {@code {}} (every native error body of the loadgen did). A type counts as registered when it carries
 * Quarkus' {@code @RegisterForReflection} without {@code targets}/{@code classNames}, or is named in those of one.
 * From each type handed over, the walk follows what Jackson will also need: record components, instance fields,
 * type arguments, array elements, and every implementation (in the scanned classes) of an interface or abstract
 * class, since polymorphic values are written as their concrete class.
 */
public final class ReflectionRegistrations {

    static final String REGISTER = "io.quarkus.runtime.annotations.RegisterForReflection";

    private final JavaClasses classes;
    private final String rootPackage;
    private final Set<String> registered = new HashSet<>();

    private ReflectionRegistrations(JavaClasses classes, String rootPackage) {
        this.classes = classes;
        this.rootPackage = rootPackage + ".";
        for (JavaClass c : classes) {
            registrations(c.reflect());
        }
    }

    /**
     * The service's own types reachable from {@code handed} that are not registered, each with the path by which
     * Jackson reaches it; and every hand-over whose type could not be told.
     */
    public static List<String> missing(JavaClasses classes, String rootPackage, List<HandedToJackson> handed) {
        return new ReflectionRegistrations(classes, rootPackage).walk(handed);
    }

    /** Every class name a {@code @RegisterForReflection} among {@code classes} registers, by itself or by name. */
    static Set<String> registeredNames(JavaClasses classes) {
        return Set.copyOf(new ReflectionRegistrations(classes, "").registered);
    }

    private void registrations(Class<?> c) {
        for (Annotation a : c.getDeclaredAnnotations()) {
            if (!a.annotationType().getName().equals(REGISTER)) {
                continue;
            }
            Class<?>[] targets = (Class<?>[]) attribute(a, "targets");
            String[] names = (String[]) attribute(a, "classNames");
            if (targets.length == 0 && names.length == 0) {
                registered.add(c.getName());
            }
            Arrays.stream(targets).map(Class::getName).forEach(registered::add);
            registered.addAll(Arrays.asList(names));
        }
    }

    private static Object attribute(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(REGISTER + " has no " + name, e);
        }
    }

    private List<String> walk(List<HandedToJackson> handed) {
        List<String> problems = new ArrayList<>();
        Map<String, String> via = new LinkedHashMap<>();
        Deque<Map.Entry<Type, String>> queue = new ArrayDeque<>();
        for (HandedToJackson h : handed) {
            if (h.type() == null) {
                problems.add("cannot tell which type reaches Jackson at " + h.site());
            } else {
                queue.add(Map.entry(load(h.type()), "handed over at " + h.site()));
            }
        }
        Set<Type> seen = new HashSet<>();
        while (!queue.isEmpty()) {
            Map.Entry<Type, String> next = queue.poll();
            Type t = next.getKey();
            String path = next.getValue();
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof ParameterizedType p) {
                queue.add(Map.entry(p.getRawType(), path));
                Arrays.stream(p.getActualTypeArguments()).forEach(a -> queue.add(Map.entry(a, path)));
            } else if (t instanceof GenericArrayType g) {
                queue.add(Map.entry(g.getGenericComponentType(), path));
            } else if (t instanceof WildcardType w) {
                Arrays.stream(w.getUpperBounds()).forEach(b -> queue.add(Map.entry(b, path)));
            } else if (t instanceof TypeVariable<?> v) {
                Arrays.stream(v.getBounds()).forEach(b -> queue.add(Map.entry(b, path)));
            } else if (t instanceof Class<?> c) {
                if (c.isArray()) {
                    queue.add(Map.entry(c.getComponentType(), path));
                } else if (c.getName().startsWith(rootPackage)) {
                    if (!registered.contains(c.getName())) {
                        via.putIfAbsent(c.getName(), path);
                    }
                    contents(c).forEach((inner, where) -> queue.add(Map.entry(inner, where + " <- " + path)));
                }
            }
        }
        via.forEach((type, path) -> problems.add(type + " is not registered for reflection (reached: " + path + ")"));
        return problems;
    }

    /** What Jackson also reads when it handles {@code c}, each with a word on where it came from. */
    private Map<Type, String> contents(Class<?> c) {
        Map<Type, String> inner = new HashMap<>();
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                inner.put(rc.getGenericType(), c.getSimpleName() + "." + rc.getName());
            }
        } else if (!c.isEnum()) {
            for (Class<?> k = c; k != null && k.getName().startsWith(rootPackage); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                        inner.put(f.getGenericType(), k.getSimpleName() + "." + f.getName());
                    }
                }
            }
        }
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            JavaClass javaClass = classes.get(c);
            for (JavaClass sub : javaClass.getAllSubclasses()) {
                inner.put(sub.reflect(), "implements " + c.getSimpleName());
            }
        }
        return inner;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot load " + name, e);
        }
    }
}
