package io.loadlab.loadgen.gate;

import java.util.Arrays;
import java.util.Optional;

/** How a threshold compares a figure with its limit, written as in k6's and Gatling's thresholds. */
public enum Comparison {
    LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">="), EQUAL("==");

    private final String symbol;

    Comparison(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** Whether {@code actual} meets the limit; a figure that is not a number never does. */
    public boolean holds(double actual, double limit) {
        if (Double.isNaN(actual)) {
            return false;
        }
        return switch (this) {
            case LESS -> actual < limit;
            case LESS_OR_EQUAL -> actual <= limit;
            case GREATER -> actual > limit;
            case GREATER_OR_EQUAL -> actual >= limit;
            case EQUAL -> actual == limit;
        };
    }

    /** The comparison written {@code symbol}; empty for anything else. */
    public static Optional<Comparison> of(String symbol) {
        return Arrays.stream(values()).filter(c -> c.symbol.equals(symbol)).findFirst();
    }
}
