package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

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

    /**
     * Fails naming every class of {@code classes} that extends a class of
     * {@link NativeRules#RUNTIME_INITIALISED_PACKAGES} and is not named in {@code quarkus.native.additional-build-args}
     * as {@code --initialize-at-run-time}: initialising a subclass initialises its superclass, which must wait for the
     * image's run time, so the subclass must too.
     */
    public static void assertSubclassesOfNativeLibraryClassesInitialiseAtRunTime(
            com.tngtech.archunit.core.domain.JavaClasses classes, Properties applicationProperties, String service) {
        String args = applicationProperties.getProperty("quarkus.native.additional-build-args", "");
        List<String> runTime = new ArrayList<>();
        for (String arg : args.split(",")) {
            String a = arg.strip();
            if (a.startsWith("--initialize-at-run-time=")) {
                runTime.addAll(List.of(a.substring("--initialize-at-run-time=".length()).split(":")));
            }
        }
        List<String> missing = new ArrayList<>();
        for (com.tngtech.archunit.core.domain.JavaClass c : classes) {
            boolean extendsOne = c.getAllRawSuperclasses().stream()
                    .anyMatch(s -> NativeRules.RUNTIME_INITIALISED_PACKAGES.contains(s.getPackageName()));
            if (extendsOne && !runTime.contains(c.getName())) {
                missing.add(c.getName());
            }
        }
        if (!missing.isEmpty()) {
            throw new AssertionError(service + ": " + missing + " extend classes Netty's JNI library initialises, but"
                    + " quarkus.native.additional-build-args does not name them in --initialize-at-run-time=");
        }
    }

    /**
     * Fails naming every template under {@code templates} (a service's {@code src/main/resources/templates}) with a
     * name its expressions start from that no parameter declaration types, or a declaration the build cannot generate
     * a resolver for ({@code Object}, a Jackson node, a raw collection): a native image resolves only what the build
     * typed (see {@link TemplateTyping}).
     */
    public static void assertTemplatesTyped(Path templates) {
        List<String> problems = new ArrayList<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(templates)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                read++;
                problems.addAll(TemplateTyping.problems(templates.relativize(file).toString(),
                        Files.readString(file, StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the templates under " + templates, e);
        }
        if (read == 0) {
            throw new AssertionError("no template under " + templates + ": the check is pointed at the wrong place");
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(problems.size() + " untyped template name(s); a native image would answer 500"
                    + " where the JVM found them by reflection:\n  " + String.join("\n  ", problems));
        }
    }

    /**
     * Fails unless every Caffeine cache the code builds will exist in a native image: each class of {@code classes}
     * that calls Caffeine's {@code build} must be a key of {@code built}, whose value is a cache built as that class
     * builds it in production, and every class Caffeine generated for it (see {@link CaffeineCaches}) must be named
     * in a {@code @RegisterForReflection(classNames = ...)} among {@code classes}. Unregistered, the image throws
     * {@code IllegalStateException: <class>} where the cache is built.
     */
    public static void assertCaffeineCachesRegistered(JavaClasses classes, Map<Class<?>, Object> built) {
        List<String> problems = new ArrayList<>();
        Set<String> shown = new TreeSet<>();
        built.keySet().forEach(c -> shown.add(c.getName()));
        for (String builder : CaffeineCaches.builders(classes)) {
            if (!shown.contains(builder)) {
                problems.add(builder + " builds a Caffeine cache the check is not shown: pass it a cache built as "
                        + builder + " builds it");
            }
        }
        Set<String> registered = ReflectionRegistrations.registeredNames(classes);
        built.forEach((builder, cache) -> {
            SortedSet<String> generated = CaffeineCaches.generatedClasses(cache);
            generated.removeAll(registered);
            if (!generated.isEmpty()) {
                problems.add(builder.getName() + "'s cache needs Caffeine's generated " + generated + ", which no"
                        + " @RegisterForReflection(classNames = ...) names: a native image fails to build the cache");
            }
        });
        if (!problems.isEmpty()) {
            throw new AssertionError(String.join("\n", problems));
        }
    }
}
