package io.loadlab.target;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import jakarta.enterprise.context.ApplicationScoped;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The target's layout as its package-infos state it, kept true by the build: {@code api} on top, reached by
 * nothing; {@code answer}, {@code metrics} and {@code udp} beside one another, none reaching the others; the UDP
 * reflector's datagram path plain JDK (it runs on its own threads, never Vert.x's), only its beans framework-bound.
 */
@AnalyzeClasses(packages = "io.loadlab.target", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    // Methods, not ArchRule fields: surefire's -Dtest filter drops field-sourced tests silently.
    @ArchTest
    static void noPackageCycles(JavaClasses classes) {
        slices().matching("io.loadlab.target.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** A production class is never named like a test: surefire and failsafe pick classes by these suffixes. */
    @ArchTest
    static void noMainClassIsNamedLikeATest(JavaClasses classes) {
        noClasses().should().haveSimpleNameEndingWith("Test").orShould().haveSimpleNameEndingWith("IT")
                .because("a reader takes them for tests, and so may a test runner").check(classes);
    }

    /** api is the entry point: answer, metrics and udp never call back into it. */
    @ArchTest
    static void nothingReachesIntoTheApi(JavaClasses classes) {
        noClasses().that().resideOutsideOfPackage("io.loadlab.target.api..")
                .should().dependOnClassesThat().resideInAPackage("io.loadlab.target.api..").check(classes);
    }

    /** The HTTP answer and the UDP reflector are independent services in one process. */
    @ArchTest
    static void httpAndUdpSidesStayApart(JavaClasses classes) {
        noClasses().that().resideInAPackage("io.loadlab.target.udp..")
                .should().dependOnClassesThat().resideInAnyPackage("io.loadlab.target.answer..", "io.loadlab.target.metrics..")
                .check(classes);
        noClasses().that().resideInAnyPackage("io.loadlab.target.answer..", "io.loadlab.target.metrics..")
                .should().dependOnClassesThat().resideInAPackage("io.loadlab.target.udp..").check(classes);
    }

    /** metrics names what others measure; it knows neither the answers nor their cache. */
    @ArchTest
    static void metricsKnowNoAnswers(JavaClasses classes) {
        noClasses().that().resideInAPackage("io.loadlab.target.metrics..")
                .should().dependOnClassesThat().resideInAPackage("io.loadlab.target.answer..").check(classes);
    }

    /** The reflector reads datagrams with a plain DatagramChannel: no Vert.x or Netty anywhere in udp. */
    @ArchTest
    static void udpIsFreeOfVertxAndNetty(JavaClasses classes) {
        noClasses().that().resideInAPackage("io.loadlab.target.udp..")
                .should().dependOnClassesThat().resideInAnyPackage("io.vertx..", "io.netty..").check(classes);
    }

    /** Only the reflector's beans (lifecycle, meters, readiness) touch Quarkus, CDI, MicroProfile or Micrometer. */
    @ArchTest
    static void udpDatagramPathIsPlainJava(JavaClasses classes) {
        noClasses().that().resideInAPackage("io.loadlab.target.udp..")
                .and().areNotAnnotatedWith(ApplicationScoped.class)
                .should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "jakarta..", "org.eclipse.microprofile..",
                        "io.micrometer..", "io.smallrye..")
                .check(classes);
    }

    /**
     * The TLS port serves Quarkus' router whole: it never names a route, an answer or the UDP side, and nothing but
     * its own beans starts it.
     */
    @ArchTest
    static void theTlsPortServesTheRouterAndKnowsNoRoute(JavaClasses classes) {
        noClasses().that().resideOutsideOfPackage("io.loadlab.target.tls..")
                .should().dependOnClassesThat().resideInAPackage("io.loadlab.target.tls..").check(classes);
        noClasses().that().resideInAPackage("io.loadlab.target.tls..")
                .should().dependOnClassesThat().resideInAnyPackage("io.loadlab.target.api..", "io.loadlab.target.answer..",
                        "io.loadlab.target.udp..", "io.loadlab.target.iperf..").check(classes);
    }

    /** The service under test never sees the generator's code; what both speak lives in loadlab-common. */
    @ArchTest
    static void neverImportsTheLoadgen(JavaClasses classes) {
        noClasses().should().dependOnClassesThat().resideInAPackage("io.loadlab.loadgen..").check(classes);
    }
}
