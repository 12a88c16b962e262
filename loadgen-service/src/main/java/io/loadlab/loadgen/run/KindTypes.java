package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.RunReport;

import java.util.Objects;

/**
 * A kind of run as JSON knows it: the name in {@code "kind"}, its spec record and its report record.
 * Registered as Jackson subtypes so persisted runs read back as the right records.
 */
public record KindTypes(String kind, Class<? extends RunSpec> specType, Class<? extends RunReport> reportType) {

    public KindTypes {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(specType, "specType");
        Objects.requireNonNull(reportType, "reportType");
    }
}
