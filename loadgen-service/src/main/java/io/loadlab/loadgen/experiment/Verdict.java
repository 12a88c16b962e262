package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What limited one cell, the figures it rests on, and whether the cell's figures can be trusted.
 *
 * @param verdict     {@code cpu-bound}, {@code cpu-throttled}, {@code cpu-contended}, {@code network-bound},
 *                    {@code loadgen-bound}, {@code concurrency-bound}, or {@code unknown} when a figure the rules
 *                    needed was unmeasured (the reason names it and why)
 * @param trustworthy false for {@code loadgen-bound}: the generator, not the target, set the pace
 * @param reason      one sentence a reader can check against the evidence
 * @param judgedFrom  the evidence's figures the verdict rested on ({@code targetCpu}, {@code linkUtilisation} ...);
 *                    a figure left out was unmeasured, and the evidence's {@code unmeasured} says why
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Verdict(String verdict, Evidence evidence, boolean trustworthy, String reason, List<String> judgedFrom) {

    public Verdict {
        judgedFrom = judgedFrom == null ? null : List.copyOf(judgedFrom);
    }

    public Verdict(String verdict, Evidence evidence, boolean trustworthy, String reason) {
        this(verdict, evidence, trustworthy, reason, null);
    }

    /** The same verdict, not trustworthy, for {@code why} (the run did not complete, or measured nothing). */
    public Verdict untrusted(String why) {
        return new Verdict(verdict, evidence, false, why, judgedFrom);
    }

    /** A figure the rules needed was unmeasured: the reason names it, and no verdict is guessed from a null. */
    public static final String UNKNOWN = "unknown";

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
