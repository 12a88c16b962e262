package io.loadlab.loadgen.experiment;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The planned run count is exact in long arithmetic, saturating past it (issue 22: in ints, 9 targets x 400,000
 * variants x 30 steps x 20 repeats planned -2,134,967,296 runs and passed the max-runs check).
 */
class ExperimentSpecMaxRunsTest {

    /** {@code n} variants, each its own label (a spec refuses two alike). */
    static List<Variant> variants(int n) {
        return IntStream.range(0, n).mapToObj(i -> new Variant(i + 1, 50, 2, true, 0)).toList();
    }
    static final SearchSpec SEARCH = new SearchSpec(5, 0.01, 100, 100_000, 30, 0.05);

    static List<ExperimentTarget> targets(int n) {
        return IntStream.range(0, n).mapToObj(i -> new ExperimentTarget("t" + i, URI.create("http://127.0.0.1:1/"),
                URI.create("http://127.0.0.1:1/q/metrics"), 1, null)).toList();
    }

    @Test
    void theReportersSpecPlansItsTrueCount() {
        ExperimentSpec spec = new ExperimentSpec(null, targets(9), variants(400_000),
                Duration.ofSeconds(1), null, null, 100.0, SEARCH, 20, null);
        assertEquals(2_160_000_000L, spec.maxRuns(), "9 x 400,000 x 30 x 20, the link given");
    }

    @Test
    void linkProbesCalibrationAndAutoAgentsCount() {
        ExperimentSpec spec = new ExperimentSpec(null, targets(100), variants(100),
                Duration.ofSeconds(1), null, null, null, SEARCH, 20, true, ExperimentSpec.AUTO);
        assertEquals(100L * 100 * 30 * 20 * 7 + 100 + 3, spec.maxRuns(),
                "the caps' largest: 42,000,103 runs, each pair 30 steps x 20 repeats x 7 agent tries, "
                        + "a link probe per target, 3 calibration runs");
    }

    @Property
    void anySizesPlanTheExactProductOrSaturate(@ForAll @IntRange(min = 0) int targets, @ForAll @IntRange(min = 0) int variants,
                                              @ForAll @IntRange(min = 1) int steps, @ForAll @IntRange(min = 1) int repeats,
                                              @ForAll @IntRange(min = 1, max = 7) int tries,
                                              @ForAll @IntRange(min = 0) int extra) {
        BigInteger exact = BigInteger.valueOf(targets).multiply(BigInteger.valueOf(variants))
                .multiply(BigInteger.valueOf(steps)).multiply(BigInteger.valueOf(repeats))
                .multiply(BigInteger.valueOf(tries)).add(BigInteger.valueOf(extra));
        long expected = exact.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
        assertEquals(expected, ExperimentSpec.maxRuns(targets, variants, steps, repeats, tries, extra));
    }
}
