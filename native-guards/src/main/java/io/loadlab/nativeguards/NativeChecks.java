package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.List;
import java.util.Properties;

/** The guards, as one call each for a service's test over its own classes. */
public final class NativeChecks {

    private NativeChecks() {
    }

    /** Fails naming every own type that reaches Jackson outside REST signatures without a reflection registration. */
    public static void assertHandedToJacksonAreRegistered(JavaClasses classes, String rootPackage) {
        List<String> names = classes.stream().map(JavaClass::getName).toList();
        List<HandedToJackson> handed = JacksonSinks.find(names, Thread.currentThread().getContextClassLoader());
        if (handed.isEmpty()) {
            throw new AssertionError("found no type handed to Jackson under " + rootPackage
                    + ": the scan is broken (every service writes at least its error bodies)");
        }
        List<String> missing = ReflectionRegistrations.missing(classes, rootPackage, handed);
        if (!missing.isEmpty()) {
            throw new AssertionError(missing.size() + " type(s) reach Jackson unregistered; a native image would write"
                    + " them as {} (annotate each with @RegisterForReflection):\n  " + String.join("\n  ", missing));
        }
    }

    /**
     * Fails unless {@code quarkus.ssl.native=true} is in a service's {@code application.properties}: a service that
     * speaks TLS (a TLS port, https targets) needs the JDK's TLS and its security providers in the image, which
     * Quarkus adds on its own only for the extensions it knows need them.
     */
    public static void assertSslNative(Properties applicationProperties, String service) {
        String value = applicationProperties.getProperty("quarkus.ssl.native");
        if (value == null || !"true".equals(value.strip())) {
            throw new AssertionError(service + " speaks TLS but its application.properties has quarkus.ssl.native="
                    + value + ": a native image would lack the JDK's TLS (set quarkus.ssl.native=true)");
        }
    }
}
