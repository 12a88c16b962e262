package io.loadlab.loadgen.experiment;

/** What a rate search could establish, so a reader never takes a bound for a measurement. */
public enum SearchOutcome {
    /** A passing and a failing rate were both found; the knee lies between them ({@code gap} apart). */
    BRACKETED,
    /** No probe failed up to the limits (maxRate or maxSteps): the sustainable rate is at least the passing rate. */
    LOWER_BOUND,
    /** Every probe failed, down to the lowest rate tried: the sustainable rate, if any, is below the failing rate. */
    UPPER_BOUND,
    /** The loadgen could not send the rate asked before the target missed the SLO: the figures describe the generator. */
    GENERATOR_LIMITED,
    /** Repeats of one rate disagreed (some met the SLO, some did not): the knee is within the noise there. */
    INCONCLUSIVE
}
