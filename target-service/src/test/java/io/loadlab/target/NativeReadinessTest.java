package io.loadlab.target;

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
 * What a native build of the target needs, checked without GraalVM (issue 17): no static client or thread in the
 * image heap, every type handed to Jackson outside REST signatures registered for reflection, and the JDK's TLS in
 * the image for the HTTPS port (issue 24).
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
}
