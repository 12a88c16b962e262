package io.loadlab.loadgen.page;

import io.quarkus.qute.TemplateData;

/**
 * One headline figure of a report: its JSON field path and its value exactly as the JSON report writes it, so a
 * reader (or a test) can check the page against {@code /runs/{id}/report}.
 */
@TemplateData
public record Figure(String name, String value) {
}
