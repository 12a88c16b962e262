package io.loadlab.loadgen.run;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Named *Test so surefire's default includes run it (a class named *Properties is never run by {@code mvn verify}). */
class SplitPropertiesTest {

    @Property
    void evenPartsSumToTheWholeAndDifferByAtMostOne(@ForAll @IntRange(min = 0, max = 1_000_000) int total,
                                                    @ForAll @IntRange(min = 1, max = 500) int n) {
        int[] parts = Split.evenly(total, n);
        assertEquals(n, parts.length);
        assertEquals(total, Arrays.stream(parts).asLongStream().sum());
        int min = Arrays.stream(parts).min().orElseThrow();
        int max = Arrays.stream(parts).max().orElseThrow();
        assertTrue(max - min <= 1, "parts " + Arrays.toString(parts));
        for (int i = 1; i < n; i++) {
            assertTrue(parts[i] <= parts[i - 1], "remainders go to the first agents");
        }
    }

    @Property
    void threadsNeverExceedConnectionsOnAnyAgent(@ForAll @IntRange(min = 1, max = 100_000) int connections,
                                                 @ForAll @IntRange(min = 1, max = 100_000) int threads,
                                                 @ForAll @IntRange(min = 1, max = 200) int n) {
        if (threads > connections) {
            return;
        }
        int[] c = Split.evenly(connections, n);
        int[] t = Split.evenly(threads, n);
        for (int i = 0; i < n; i++) {
            assertTrue(t[i] <= c[i], "agent " + i + ": " + t[i] + " threads, " + c[i] + " connections");
        }
    }

    @Property
    void proportionalPartsSumExactlyAndStayWithinOneUnitOfTheirShare(
            @ForAll @LongRange(min = 0, max = 10_000_000_000L) long units, @ForAll @IntRange(min = 0, max = 6) int scale,
            @ForAll @Size(min = 1, max = 64) List<@IntRange(min = 1, max = 10_000) Integer> weightList) {
        BigDecimal total = BigDecimal.valueOf(units, scale);
        int[] weights = weightList.stream().mapToInt(Integer::intValue).toArray();
        BigDecimal[] parts = Split.proportionally(total, weights);

        assertEquals(0, Arrays.stream(parts).reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(total),
                "parts " + Arrays.toString(parts) + " of " + total);
        long weightSum = Arrays.stream(weights).asLongStream().sum();
        BigDecimal unit = BigDecimal.ONE.movePointLeft(Math.max(Split.MIN_RATE_SCALE, total.stripTrailingZeros().scale()));
        for (int i = 0; i < parts.length; i++) {
            BigDecimal exact = total.multiply(BigDecimal.valueOf(weights[i]))
                    .divide(BigDecimal.valueOf(weightSum), 30, RoundingMode.HALF_EVEN);
            assertTrue(parts[i].subtract(exact).abs().compareTo(unit) < 0,
                    "part " + parts[i] + " vs exact share " + exact);
            assertTrue(parts[i].signum() >= 0);
        }
    }

    @Property
    void aRateThatIsADoubleComesBackAsDoublesThatSumToIt(@ForAll @IntRange(min = 1, max = 100_000_000) int milli,
                                                          @ForAll @IntRange(min = 1, max = 64) int n) {
        double rate = milli / 1000.0; // what a spec's JSON gives the controller
        BigDecimal[] parts = Split.proportionally(BigDecimal.valueOf(rate), ones(n));
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal p : parts) {
            sum = sum.add(BigDecimal.valueOf(p.doubleValue())); // each agent reads its part as a double
        }
        assertEquals(0, sum.compareTo(BigDecimal.valueOf(rate)), Arrays.toString(parts));
    }

    private static int[] ones(int n) {
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        return ones;
    }
}
