package io.loadlab.loadgen.gate;

/**
 * A threshold as written that cannot be read: {@link #field} names it as the spec does ({@code thresholds.p99Millis}),
 * so the API answers a 400 naming the one threshold to fix.
 */
public final class InvalidThresholdException extends IllegalArgumentException {

    private final String field;
    private final String problem;

    public InvalidThresholdException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /** {@code thresholds.p99Millis}, or {@code thresholds} for the object as a whole. */
    public String field() {
        return field;
    }

    /** What is wrong with it, without the field's name. */
    public String problem() {
        return problem;
    }
}
