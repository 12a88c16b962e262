package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The guards judge code shaped like the services' and name exactly what a native image would break on. */
class NativeGuardsTest {

    private static final String FIXTURE = "io.loadlab.nativeguards.fixture";
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages(FIXTURE);

    @Test
    void staticClientsAndPoolsBreakTheRule() {
        EvaluationResult result = NativeRules.NO_STATIC_RUNTIME_ONLY_STATE.evaluate(CLASSES);
        List<String> details = result.getFailureReport().getDetails();
        assertEquals(3, details.size(), String.join("\n", details));
        assertTrue(details.stream().anyMatch(d -> d.contains("StaticClient.HTTP")), String.join("\n", details));
        assertTrue(details.stream().anyMatch(d -> d.contains("StaticClient.tls") && d.contains("javax.net.ssl.SSLContext")),
                String.join("\n", details));
        assertTrue(details.stream().anyMatch(d -> d.contains("StaticClient.pools")
                && d.contains("java.util.concurrent.Executor")), String.join("\n", details));
    }

    @Test
    void aStaticInitializerReadingNettysEpollBreaksTheRuleAndAnInstanceFieldDoesNot() {
        EvaluationResult result = NativeRules.NO_NATIVE_LIBRARY_AT_CLASS_INIT.evaluate(CLASSES);
        List<String> details = result.getFailureReport().getDetails();
        assertEquals(2, details.size(), "EPOLLIN and EPOLLRDHUP, in EpollBits only: " + String.join("\n", details));
        for (String detail : details) {
            assertTrue(detail.contains(FIXTURE + ".EpollBits's static initializer uses io.netty.channel.epoll.Native.EPOLL"),
                    detail);
        }
    }

    @Test
    void aSubclassOfNettysSocketMustBeNamedForRunTimeInitialisation() {
        java.util.Properties props = new java.util.Properties();
        AssertionError missing = assertThrows(AssertionError.class,
                () -> NativeChecks.assertSubclassesOfNativeLibraryClassesInitialiseAtRunTime(CLASSES, props, "svc"));
        assertTrue(missing.getMessage().contains("[" + FIXTURE + ".RawSocket]"), missing.getMessage());
        props.setProperty("quarkus.native.additional-build-args",
                "-H:+ReportExceptionStackTraces,--initialize-at-run-time=a.B:" + FIXTURE + ".RawSocket");
        NativeChecks.assertSubclassesOfNativeLibraryClassesInitialiseAtRunTime(CLASSES, props, "svc");
    }

    @Test
    void tlsNeedsSslNativeSetToTrue() {
        java.util.Properties props = new java.util.Properties();
        AssertionError missing = assertThrows(AssertionError.class, () -> NativeChecks.assertSslNative(props, "svc"));
        assertTrue(missing.getMessage().contains("quarkus.ssl.native=null"), missing.getMessage());
        props.setProperty("quarkus.ssl.native", "false");
        assertThrows(AssertionError.class, () -> NativeChecks.assertSslNative(props, "svc"));
        props.setProperty("quarkus.ssl.native", "true");
        NativeChecks.assertSslNative(props, "svc");
    }

    @Test
    void findsMapperEntitiesAndWhatGenericStoresAreGiven() {
        List<String> types = JacksonSinks.find(CLASSES.stream().map(c -> c.getName()).toList(),
                getClass().getClassLoader()).stream().map(HandedToJackson::type).distinct().sorted().toList();
        assertEquals(List.of(FIXTURE + ".Kept", FIXTURE + ".Problem", FIXTURE + ".Read"), types);
    }

    @Test
    void namesEveryUnregisteredTypeJacksonReaches() {
        List<HandedToJackson> handed = JacksonSinks.find(CLASSES.stream().map(c -> c.getName()).toList(),
                getClass().getClassLoader());
        List<String> missing = ReflectionRegistrations.missing(CLASSES, FIXTURE, handed);
        List<String> types = missing.stream().map(m -> m.substring(0, m.indexOf(' '))).sorted().toList();
        assertEquals(List.of(FIXTURE + ".Detail", FIXTURE + ".Problem", FIXTURE + ".Read", FIXTURE + ".Shape",
                FIXTURE + ".Square"), types, String.join("\n", missing));
        assertThrows(AssertionError.class, () -> NativeChecks.assertHandedToJacksonAreRegistered(CLASSES, FIXTURE));
    }
}
