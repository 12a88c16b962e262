package io.loadlab.loadgen.run;

import io.smallrye.config.WithDefault;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;

/**
 * A config mapping as the service gets it without any property set: each method answers its
 * {@code @WithDefault}. For tests that drive the spec readers without starting Quarkus (fuzzing).
 */
public final class ConfigDefaults {

    private ConfigDefaults() {
    }

    public static <T> T of(Class<T> mapping) {
        InvocationHandler h = (proxy, m, args) -> m.isDefault() ? InvocationHandler.invokeDefault(proxy, m, args)
                : value(m);
        return mapping.cast(Proxy.newProxyInstance(mapping.getClassLoader(), new Class<?>[]{mapping}, h));
    }

    private static Object value(Method m) {
        WithDefault d = m.getAnnotation(WithDefault.class);
        if (d == null) {
            throw new IllegalStateException(m + " has no default");
        }
        Class<?> t = m.getReturnType();
        if (t == int.class) {
            return Integer.parseInt(d.value());
        }
        if (t == long.class) {
            return Long.parseLong(d.value());
        }
        if (t == double.class) {
            return Double.parseDouble(d.value());
        }
        if (t == boolean.class) {
            return Boolean.parseBoolean(d.value());
        }
        if (t == Duration.class) {
            return Durations.parse(d.value()).orElseThrow();
        }
        if (t == String.class) {
            return d.value();
        }
        throw new IllegalStateException("no conversion to " + t + " for " + m);
    }
}
