package io.loadlab.loadgen.run;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact division of a whole over agents: the parts always sum to the whole, and no two parts differ by more
 * than the remainder's one unit (integers) or than the weights say (decimals). Remainders go to the first
 * agents, so the agents with an extra connection are also those with an extra thread, and a part of threads
 * never exceeds its part of connections when the whole does not.
 */
public final class Split {

    /**
     * Rates are split in units of 10^-{@value} per second at least (finer when the rate itself has more
     * decimals): 1/s over 3 agents is 0.334 + 0.333 + 0.333, not three 0.333... that lose 1e-16 between them.
     */
    static final int MIN_RATE_SCALE = 3;

    private Split() {
    }

    /** {@code total} over {@code n}: {@code total / n} each, the first {@code total % n} one more. */
    public static int[] evenly(int total, int n) {
        if (total < 0 || n < 1) {
            throw new IllegalArgumentException("need total >= 0 and n >= 1, had " + total + " over " + n);
        }
        int[] parts = new int[n];
        for (int i = 0; i < n; i++) {
            parts[i] = total / n + (i < total % n ? 1 : 0);
        }
        return parts;
    }

    /** {@code total} over {@code n} as {@link #evenly(int, int)}, for wholes past an int (bits per second). */
    public static long[] evenly(long total, int n) {
        if (total < 0 || n < 1) {
            throw new IllegalArgumentException("need total >= 0 and n >= 1, had " + total + " over " + n);
        }
        long[] parts = new long[n];
        for (int i = 0; i < n; i++) {
            parts[i] = total / n + (i < total % n ? 1 : 0);
        }
        return parts;
    }

    /**
     * {@code total} in proportion to {@code weights} (largest remainder: each part is the floor of its exact
     * share in units of {@code 10^-scale}, and the units left over go one each to the parts that lost the most,
     * the first on ties), so the parts sum to {@code total} exactly. {@code scale} is at least
     * {@link #MIN_RATE_SCALE} and at least {@code total}'s own.
     */
    public static BigDecimal[] proportionally(BigDecimal total, int[] weights) {
        if (total.signum() < 0 || weights.length == 0) {
            throw new IllegalArgumentException("need total >= 0 and at least one weight");
        }
        long weightSum = 0;
        for (int w : weights) {
            if (w < 1) {
                throw new IllegalArgumentException("weights must be at least 1, had " + w);
            }
            weightSum += w;
        }
        int scale = Math.max(MIN_RATE_SCALE, total.stripTrailingZeros().scale());
        BigInteger units = total.movePointRight(scale).toBigIntegerExact();
        BigInteger sum = BigInteger.valueOf(weightSum);
        BigInteger[] floors = new BigInteger[weights.length];
        BigInteger[] remainders = new BigInteger[weights.length];
        BigInteger given = BigInteger.ZERO;
        for (int i = 0; i < weights.length; i++) {
            BigInteger[] qr = units.multiply(BigInteger.valueOf(weights[i])).divideAndRemainder(sum);
            floors[i] = qr[0];
            remainders[i] = qr[1];
            given = given.add(qr[0]);
        }
        int left = units.subtract(given).intValueExact(); // fewer than weights.length: each floor lost under 1
        for (int k = 0; k < left; k++) {
            int best = -1;
            for (int i = 0; i < weights.length; i++) {
                if (remainders[i].signum() >= 0 && (best < 0 || remainders[i].compareTo(remainders[best]) > 0)) {
                    best = i;
                }
            }
            floors[best] = floors[best].add(BigInteger.ONE);
            remainders[best] = BigInteger.ONE.negate(); // each part gets at most one extra unit
        }
        BigDecimal[] parts = new BigDecimal[weights.length];
        for (int i = 0; i < weights.length; i++) {
            parts[i] = new BigDecimal(floors[i], scale).setScale(scale, RoundingMode.UNNECESSARY);
        }
        return parts;
    }
}
