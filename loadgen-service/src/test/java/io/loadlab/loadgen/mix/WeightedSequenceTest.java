package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/** Smooth weighted round-robin: exact per cycle, within one of the share in any window, reduced by the gcd. */
class WeightedSequenceTest {

    @Test
    void threeToOneSpreadsTheOneBetweenTheThrees() {
        WeightedSequence s = WeightedSequence.of(List.of(3, 1));
        assertEquals(4, s.length());
        int ones = 0;
        for (int i = 0; i < 4; i++) {
            ones += s.entry(i);
        }
        assertEquals(1, ones);
        assertEquals(s.entry(1), s.entry(5), "the cycle repeats");
    }

    @Test
    void weightsAreReducedByTheirGreatestCommonDivisor() {
        assertEquals(4, WeightedSequence.of(List.of(300, 100)).length());
        assertEquals(1, WeightedSequence.of(List.of(7)).length());
    }

    /** Two entries: any window of consecutive picks, from any offset (each connection starts at its own), is within one of its share. */
    @Test
    void twoEntriesAreWithinOneOfTheirShareInEveryWindow() {
        for (List<Integer> weights : List.of(List.of(3, 1), List.of(7, 5), List.of(1000, 1), List.of(2, 999))) {
            assertWindowsWithin(weights, 1);
        }
    }

    /** More entries: within two (8:2:5:1:13 reaches 1.03 off, 3 picks of entry 4 in a window of 9 where 4.03 are its share). */
    @Test
    void manyEntriesAreWithinTwoOfTheirShareInEveryWindow() {
        assertWindowsWithin(List.of(8, 2, 5, 1, 13), 2);
    }

    private static void assertWindowsWithin(List<Integer> weights, int bound) {
        WeightedSequence s = WeightedSequence.of(weights);
        int total = weights.stream().mapToInt(Integer::intValue).sum();
        assertEquals(total, s.length());
        for (int offset = 0; offset < total; offset++) {
            int[] counts = new int[weights.size()];
            for (int window = 1; window <= 3 * total; window++) { // each window one pick longer than the last
                counts[s.entry(offset + window - 1)]++;
                for (int e = 0; e < weights.size(); e++) {
                    double share = (double) window * weights.get(e) / total;
                    if (Math.abs(counts[e] - share) >= bound) {
                        fail("entry " + e + ": " + counts[e] + " of " + window + " from " + offset + ", share " + share);
                    }
                }
            }
        }
        int[] cycle = new int[weights.size()];
        for (int i = 0; i < total; i++) {
            cycle[s.entry(i)]++;
        }
        for (int e = 0; e < weights.size(); e++) {
            assertEquals(weights.get(e), cycle[e], "one cycle holds each entry exactly its weight");
        }
    }

    @Test
    void aWeightBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WeightedSequence.of(List.of(1, 0)));
        assertThrows(IllegalArgumentException.class, () -> WeightedSequence.of(List.of()));
    }
}
