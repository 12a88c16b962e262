package io.loadlab.target;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import io.loadlab.nativeguards.NativeChecks;
import io.loadlab.nativeguards.NativeRules;

/**
 * What a native build of the target needs, checked without GraalVM (issue 17): no static client or thread in the
 * image heap, and every type handed to Jackson outside REST signatures registered for reflection.
 */
@AnalyzeClasses(packages = "io.loadlab.target", importOptions = ImportOption.DoNotIncludeTests.class)
class NativeReadinessTest {

    // A method, not an ArchRule field: surefire's -Dtest filter drops field-sourced tests silently.
    @ArchTest
    static void noStaticRuntimeOnlyState(JavaClasses classes) {
        NativeRules.NO_STATIC_RUNTIME_ONLY_STATE.check(classes);
    }

    @ArchTest
    static void everyTypeHandedToJacksonIsRegistered(JavaClasses classes) {
        NativeChecks.assertHandedToJacksonAreRegistered(classes, "io.loadlab.target");
    }
}
