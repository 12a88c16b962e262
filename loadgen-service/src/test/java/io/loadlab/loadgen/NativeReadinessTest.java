package io.loadlab.loadgen;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.loadlab.nativeguards.NativeChecks;
import io.loadlab.nativeguards.NativeRules;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What a native build of the loadgen needs, checked without GraalVM (issue 17): no static client or thread in the
 * image heap, every type handed to Jackson outside REST signatures registered for reflection, and the JDK's TLS in
 * the image (https targets), and every page template typed so the build generates its resolvers (issue 28).
 */
@AnalyzeClasses(packages = "io.loadlab.loadgen", importOptions = ImportOption.DoNotIncludeTests.class)
class NativeReadinessTest {

    // A method, not an ArchRule field: surefire's -Dtest filter drops field-sourced tests silently.
    @ArchTest
    static void noStaticRuntimeOnlyState(JavaClasses classes) {
        NativeRules.NO_STATIC_RUNTIME_ONLY_STATE.check(classes);
    }

    /** The short-connection slot's epoll bits were static finals first: read at build time, from the JNI library. */
    @ArchTest
    static void noNativeLibraryAtClassInit(JavaClasses classes) {
        NativeRules.NO_NATIVE_LIBRARY_AT_CLASS_INIT.check(classes);
    }

    @ArchTest
    static void everyTypeHandedToJacksonIsRegistered(JavaClasses classes) {
        NativeChecks.assertHandedToJacksonAreRegistered(classes, "io.loadlab.loadgen");
    }

    /** Issue 48: the loadgen builds no Caffeine cache; one added must be shown to the check, as the target's is. */
    @ArchTest
    static void caffeinesGeneratedClassesAreRegistered(JavaClasses classes) {
        NativeChecks.assertCaffeineCachesRegistered(classes, java.util.Map.of());
    }

    /** Issue 28: the untyped run page answered 500 in native ({run.figures.headline} found by reflection on the JVM). */
    @Test
    void everyPageTemplateIsTypedSoTheBuildResolvesItWithoutReflection() {
        NativeChecks.assertTemplatesTyped(java.nio.file.Path.of("src/main/resources/templates"));
    }

    @Test
    void httpsTargetsHaveTheJdksTlsInTheImage() throws IOException {
        Properties props = new Properties();
        // the main file: the test classpath's own application.properties comes first and is not what an image ships
        try (InputStream in = java.nio.file.Files.newInputStream(java.nio.file.Path.of("src/main/resources/application.properties"))) {
            props.load(in);
        }
        NativeChecks.assertSslNative(props, "loadgen-service");
    }

    /** ShortSocket extends Netty's Socket, which Quarkus initialises at run time: so must it be. */
    @Test
    void subclassesOfNettysNativeClassesInitialiseAtRunTime() throws IOException {
        Properties props = new Properties();
        try (InputStream in = java.nio.file.Files.newInputStream(java.nio.file.Path.of("src/main/resources/application.properties"))) {
            props.load(in);
        }
        NativeChecks.assertSubclassesOfNativeLibraryClassesInitialiseAtRunTime(new com.tngtech.archunit.core.importer.ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.loadlab.loadgen"),
                props, "loadgen-service");
    }
}
