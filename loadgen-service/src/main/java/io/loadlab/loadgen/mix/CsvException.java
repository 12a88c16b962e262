package io.loadlab.loadgen.mix;

/**
 * A data file that cannot be read as asked: malformed on a line, over a bound, or without the column named.
 *
 * @see CsvColumn
 */
public final class CsvException extends RuntimeException {

    private final int line;
    private final boolean aboutColumn;

    /**
     * @param line        the file's line (from 1), 0 for the file as a whole
     * @param aboutColumn the fault is the column asked for (a violation of {@code column}, not {@code file})
     */
    CsvException(int line, String message, boolean aboutColumn) {
        super(message, null, false, false);
        this.line = line;
        this.aboutColumn = aboutColumn;
    }

    public int line() {
        return line;
    }

    public boolean aboutColumn() {
        return aboutColumn;
    }

    /** {@code "ids.csv line 17: has 3 fields, the header 2"}, or without the line for the file as a whole. */
    public String describe(String file) {
        return file + (line > 0 ? " line " + line : "") + ": " + getMessage();
    }
}
