package io.loadlab.loadgen.gate;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a figure did against its baseline, in the words reports, pages and the command line print. */
public enum Change {
    /** Worse, beyond the noise: the two intervals do not overlap. */
    REGRESSED("regressed"),
    /** Better, beyond the noise. */
    IMPROVED("improved"),
    /** The intervals overlap: the noise alone could explain the difference between the medians. */
    NO_SIGNIFICANT_CHANGE("no significant change"),
    /** Not judged, and {@link FigureChange#why} says why (fewer than 3 repeats on a side, a cell missing there). */
    CANNOT_TELL("cannot tell");

    private final String words;

    Change(String words) {
        this.words = words;
    }

    @JsonValue
    public String words() {
        return words;
    }
}
