package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.List;

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
}
