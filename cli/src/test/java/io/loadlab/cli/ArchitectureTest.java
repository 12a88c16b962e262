package io.loadlab.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The command line's package rules (each package-info says them), on the compiled main classes. */
class ArchitectureTest {

    private static final String ROOT = "io.loadlab.cli";
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);

    /** One shaded jar of the JDK and Jackson: a framework here would come with its own start-up and jar weight. */
    @Test
    void noFrameworkAndNoServiceClasses() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "io.vertx..", "io.netty..",
                "jakarta..", "io.loadlab.loadgen..", "io.loadlab.target..", "io.loadlab.common..").check(MAIN);
    }

    /** report and progress are pure: JSON in, text and codes out; they never call the loadgen. */
    @Test
    void reportAndProgressNeverCall() {
        noClasses().that().resideInAnyPackage(ROOT + ".report..", ROOT + ".progress..").should().dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".api..", ROOT + ".job..", ROOT + ".local..", "java.net..").check(MAIN);
    }

    @Test
    void subpackagesNeverReachUpToTheCommand() {
        noClasses().that().resideInAnyPackage(ROOT + ".*..").should().dependOnClassesThat()
                .resideInAPackage(ROOT).check(MAIN);
    }

    @Test
    void noCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
    }
}
