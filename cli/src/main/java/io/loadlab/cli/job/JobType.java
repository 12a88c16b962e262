package io.loadlab.cli.job;

import java.util.Locale;

/** The two jobs the command line starts, and their paths in the loadgen's API. */
public enum JobType {

    /** {@code POST /runs}; the text report at {@code /runs/{id}/report}. */
    RUN("/runs", "/report"),
    /** {@code POST /experiments}; the text table at {@code /experiments/{id}} itself. */
    EXPERIMENT("/experiments", "");

    private final String collection;
    private final String textSuffix;

    JobType(String collection, String textSuffix) {
        this.collection = collection;
        this.textSuffix = textSuffix;
    }

    /** {@code run} or {@code experiment}: the subcommand, and the word in messages. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String collection() {
        return collection;
    }

    public String path(String id) {
        return collection + "/" + id;
    }

    /** Where its text report is read with {@code Accept: text/plain}. */
    public String textPath(String id) {
        return path(id) + textSuffix;
    }

    /** Its page for people. */
    public String pagePath(String id) {
        return path(id) + "/report.html";
    }
}
