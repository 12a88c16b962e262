package io.loadlab.loadgen.page;

import io.quarkus.qute.TemplateExtension;

import java.util.Locale;

/**
 * Number formats for the pages' tables: {@code {c.requestsPerSecond.fmt(1)}}. Headline figures are not formatted:
 * they show the JSON report's own text, so a reader can match them exactly.
 */
@TemplateExtension
public final class Numbers {

    private Numbers() {
    }

    /** {@code value} with {@code places} decimals, "" for null. */
    static String fmt(Double value, int places) {
        return value == null ? "" : String.format(Locale.ROOT, "%." + places + "f", value);
    }
}
