package io.loadlab.target;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.loadlab.nativeguards.NativeChecks;
import io.loadlab.nativeguards.NativeRules;
import org.junit.jupiter.api.Test;

import io.loadlab.target.answer.AnswerCache;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/**
 * What a native build of the target needs, checked without GraalVM (issue 17): no static client or thread in the
 * image heap, every type handed to Jackson outside REST signatures registered for reflection, and the JDK's TLS in
 * the image for the HTTPS port (issue 24), and Caffeine's generated classes for every cache the target builds
 * (issue 48: without them the native target answered every {@code /test/testApi} with a 500).
 */
@AnalyzeClasses(packages = "io.loadlab.target", importOptions = ImportOption.DoNotIncludeTests.class)
class NativeReadinessTest {

    // A method, not an ArchRule field: surefire's -Dtest filter drops field-sourced tests silently.
    @ArchTest
    static void noStaticRuntimeOnlyState(JavaClasses classes) {
        NativeRules.NO_STATIC_RUNTIME_ONLY_STATE.check(classes);
    }

    @ArchTest
    static void noNativeLibraryAtClassInit(JavaClasses classes) {
        NativeRules.NO_NATIVE_LIBRARY_AT_CLASS_INIT.check(classes);
    }

    @ArchTest
    static void everyTypeHandedToJacksonIsRegistered(JavaClasses classes) {
        NativeChecks.assertHandedToJacksonAreRegistered(classes, "io.loadlab.target");
    }

    @Test
    void theTlsPortHasTheJdksTlsInTheImage() throws IOException {
        Properties props = new Properties();
        try (InputStream in = NativeReadinessTest.class.getClassLoader().getResourceAsStream("application.properties")) {
            props.load(in);
        }
        NativeChecks.assertSslNative(props, "target-service");
    }

    /** Each class that builds a Caffeine cache is shown one built as in production; a new builder fails here first. */
    @ArchTest
    static void caffeinesGeneratedClassesAreRegistered(JavaClasses classes) {
        NativeChecks.assertCaffeineCachesRegistered(classes, Map.of(
                AnswerCache.class, AnswerCache.newCache(64L << 20, 1000, Duration.ofMinutes(1000))));
    }
}
