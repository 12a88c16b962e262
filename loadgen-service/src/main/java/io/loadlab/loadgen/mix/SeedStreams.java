package io.loadlab.loadgen.mix;

import java.util.SplittableRandom;

/**
 * The random streams of a run, all derived from its {@code seed}: one per agent (a distributed run's agent
 * {@code k} runs with {@link #agentSeed}), and within a run one per request slot (an HTTP/1.1 connection, an
 * HTTP/2 stream), numbered across the run's event loops. Derivation is a fixed mix (SplitMix64's finaliser), so
 * the same seed and slot give the same stream on any machine and Java version.
 */
public final class SeedStreams {

    private SeedStreams() {
    }

    /** The seed agent {@code agent} of a distributed run uses, from the spec's. */
    public static long agentSeed(long seed, int agent) {
        return mix(seed ^ mix(0x9E3779B97F4A7C15L * (agent + 1L)));
    }

    /** The stream of request slot {@code slot} of a run with this seed. */
    public static SplittableRandom slot(long seed, int slot) {
        return new SplittableRandom(mix(seed + 0xBF58476D1CE4E5B9L * (slot + 1L)));
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
