package io.loadlab.loadgen.page;

import io.loadlab.loadgen.report.PercentilePoint;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.ReportTable;
import io.quarkus.test.QuarkusUnitTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The build itself refuses a run page whose expression names a property its view lacks (issue 28): a native image
 * resolves only what the build typed, so an untyped {@code {run.figures.headline}} answered 500 there while the JVM
 * found it by reflection. The real {@code run.html} with one property misspelt must fail the build on the JVM, naming
 * the expression and the class it was looked up on. A mini application of the page's view records and templates only:
 * nothing starts. Tagged: a QuarkusUnitTest runs in a surefire fork apart from the @QuarkusTest classes.
 */
@Tag("quarkus-unit")
class TemplateTypeCheckTest {

    private static final String TEMPLATES = "src/main/resources/templates/";
    private static final String REAL = "{#for f in run.figures.headline}";
    private static final String MISSPELT = "{#for f in run.figures.headlines}";

    @RegisterExtension
    static final QuarkusUnitTest BUILD = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar
                    .addClasses(RunPageView.class, ReportFigures.class, Figure.class, LatencyTable.class,
                            LatencyTable.Row.class, MixRow.class, GateView.class, GateView.Row.class, Numbers.class,
                            ReportTable.class, ReportTable.Row.class,
                            PercentilePoint.class, SeriesPoint.class)
                    .addAsResource(new StringAsset(misspelt()), "templates/run.html")
                    .addAsResource(new StringAsset(read("base.html")), "templates/base.html")
                    .addAsResource(new StringAsset(read("gate.html")), "templates/gate.html"))
            .assertException(TemplateTypeCheckTest::namesTheExpression);

    @Test
    void theBuildFailsBeforeAnythingRenders() {
        fail("the build of a run page with {run.figures.headlines} succeeded: the template is not type-checked");
    }

    private static void namesTheExpression(Throwable t) {
        StringBuilder messages = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            messages.append(c.getMessage()).append('\n');
        }
        String all = messages.toString();
        assertTrue(all.contains("run.figures.headlines") && all.contains(ReportFigures.class.getName()), all);
    }

    private static String misspelt() {
        String run = read("run.html");
        if (!run.contains(REAL)) {
            throw new IllegalStateException("run.html no longer has " + REAL + ": pick another expression to misspell");
        }
        return run.replace(REAL, MISSPELT);
    }

    private static String read(String name) {
        try {
            return Files.readString(Path.of(TEMPLATES + name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
