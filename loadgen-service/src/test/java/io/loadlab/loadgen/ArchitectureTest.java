package io.loadlab.loadgen;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The loadgen's package rules, checked on the compiled main classes. Each rule names what it protects; a
 * failure lists every offending dependency with its source line.
 */
class ArchitectureTest {

    private static final String ROOT = "io.loadlab.loadgen";
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);
    private static final String[] FRAMEWORKS = {"io.quarkus..", "io.vertx..", "io.netty..", "jakarta..",
            "io.smallrye..", "org.eclipse.microprofile.."};
    private static final String[] KINDS = {ROOT + ".http..", ROOT + ".udp.."};
    /**
     * What code outside a kind may name of it: its spec, its report and the records inside them. Bitrate too, for
     * now: the spec readers still live in {@code api.spec} and read udp's bitrate syntax; they belong in their kinds.
     */
    private static final DescribedPredicate<JavaClass> KIND_INTERNALS = resideInAnyPackage(KINDS)
            .and(DescribedPredicate.not(simpleNameEndingWith("Spec").or(simpleNameEndingWith("Report"))
                    .or(simpleNameEndingWith("Errors")).or(simpleName("Bitrate"))))
            .as("a kind's internals (anything but its Spec, Report and Errors records)");

    /** The engine is the part a second transport reuses as is: tested with a fake clock, no container. */
    @Test
    void engineIsFreeOfFrameworks() {
        check(noClasses().that().resideInAPackage(ROOT + ".engine..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS));
    }

    /** Reports are plain records and renderers: a report must read back from disk without a running service. */
    @Test
    void reportIsFreeOfFrameworks() {
        check(noClasses().that().resideInAPackage(ROOT + ".report..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORKS));
    }

    /** Report sits below every kind: a renderer of one kind's layout belongs to that kind (wrk's to http). */
    @Test
    void reportImportsNoKind() {
        check(noClasses().that().resideInAPackage(ROOT + ".report..")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /**
     * The API, metrics and experiments reach a kind only through its RunKindDefinition bean (and may name its
     * public records): adding a kind touches its package and its registration, never these.
     */
    @Test
    void apiMetricsAndExperimentsUseKindsOnlyThroughTheContract() {
        check(noClasses().that().resideInAnyPackage(ROOT + ".api..", ROOT + ".metrics..", ROOT + ".experiment..")
                .should().dependOnClassesThat(KIND_INTERNALS));
    }

    /** The job registry names no kind of job: distributed runs plug in with a JobKind of their own. */
    @Test
    void jobRegistryNamesNoKindOfJob() {
        check(noClasses().that().resideInAPackage(ROOT + ".job..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".run..", ROOT + ".experiment..",
                        ROOT + ".http..", ROOT + ".udp..", ROOT + ".api.."));
    }

    /** The run contract names no transport: kinds depend on it, never the other way. */
    @Test
    void runContractNamesNoKind() {
        check(noClasses().that().resideInAPackage(ROOT + ".run..")
                .should().dependOnClassesThat().resideInAnyPackage(KINDS));
    }

    /** No package cycle: every arrow points down, so each package can be read, tested and changed from below. */
    @Test
    void packagesAreFreeOfCycles() {
        check(slices().matching(ROOT + ".(*)..").should().beFreeOfCycles());
    }

    /** Every package says what it is for and what it may depend on, where a newcomer opens it first. */
    @Test
    void everyPackageHasAPackageInfo() {
        List<String> missing = MAIN.stream().map(JavaClass::getPackageName).distinct()
                .filter(p -> MAIN.getPackage(p).tryGetPackageInfo().isEmpty()).sorted().toList();
        assertEquals(List.of(), missing, "packages without a package-info.java");
    }

    private static void check(ArchRule rule) {
        rule.check(MAIN);
    }
}
