package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.stats.Interval;

import java.util.Objects;

/**
 * One figure of one cell against the same cell of the baseline: the two medians and 95% intervals over the repeats,
 * and what changed. For {@code requestsPerSecond} higher is better; for latencies ({@code p99Millis}) lower is.
 *
 * @param cell     {@code target/variant[/protocol]}, as both experiments name it
 * @param figure   {@code requestsPerSecond}, {@code p99Millis}
 * @param baseline the baseline's median and interval; null when it has no such cell
 * @param current  this one's; null when it has no completed repeat of the cell
 * @param why      for {@link Change#CANNOT_TELL}: why not ({@code "the baseline has 1 repeat; both sides need 3"});
 *                 null (absent) otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FigureChange(String cell, String figure, Interval baseline, Interval current, Change change, String why) {

    /** Repeats each side needs before its interval says anything about noise. */
    public static final int MIN_REPEATS = 3;

    public FigureChange {
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(change, "change");
        if ((change == Change.CANNOT_TELL) != (why != null)) {
            throw new IllegalArgumentException(cell + " " + figure + ": a reason goes with 'cannot tell', and only with it");
        }
    }
}
