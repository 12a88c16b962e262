package io.loadlab.loadgen.experiment;

/**
 * What limited one cell, the figures it rests on, and whether the cell's figures can be trusted.
 *
 * @param verdict     {@code cpu-bound}, {@code cpu-throttled}, {@code cpu-contended}, {@code network-bound},
 *                    {@code loadgen-bound} or {@code concurrency-bound}
 * @param trustworthy false for {@code loadgen-bound}: the generator, not the target, set the pace
 * @param reason      one sentence a reader can check against the evidence
 */
public record Verdict(String verdict, Evidence evidence, boolean trustworthy, String reason) {

    public static final String CPU = "cpu-bound";
    public static final String THROTTLED = "cpu-throttled";
    public static final String CONTENDED = "cpu-contended";
    public static final String NETWORK = "network-bound";
    public static final String LOADGEN = "loadgen-bound";
    public static final String CONCURRENCY = "concurrency-bound";

    /**
     * A closed-model cell whose requests all outlived its measured part (a cold target's first answers took over
     * 1.8 s at load 23) has no figures to judge: its verdict says so rather than pass a rate of 0 as the target's.
     */
    public static final String NOTHING_MEASURED = "the cell measured no requests: none was sent and answered within its "
            + "measured part (a cold or stalled target, or a part shorter than one round trip); its figures say nothing";
}
