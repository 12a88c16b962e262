package io.loadlab.loadgen.run;

import io.loadlab.loadgen.report.RunReport;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
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

    /**
     * Refuses kinds that share a name, a spec record or a report record. Jackson keeps one name per class: with
     * two kinds on one report record, every report of either was written with whichever name it kept (the test kind
     * {@code fixed} on {@code HttpReport} tagged http reports {@code "kind":"fixed"} in the test app), and read back
     * as the other kind's.
     *
     * @throws IllegalStateException naming both kinds and the type they share
     */
    public static void requireDistinct(Collection<KindTypes> kinds) {
        Map<String, String> names = new HashMap<>();
        Map<Class<?>, String> specs = new HashMap<>();
        Map<Class<?>, String> reports = new HashMap<>();
        for (KindTypes k : kinds) {
            refuseShared(names.putIfAbsent(k.kind(), k.kind()), k, "name " + k.kind());
            refuseShared(specs.putIfAbsent(k.specType(), k.kind()), k, "spec type " + k.specType().getName());
            refuseShared(reports.putIfAbsent(k.reportType(), k.kind()), k, "report type " + k.reportType().getName());
        }
    }

    private static void refuseShared(String other, KindTypes k, String what) {
        if (other != null) {
            throw new IllegalStateException("run kinds " + other + " and " + k.kind() + " share the " + what
                    + ": each kind needs its own name, spec record and report record");
        }
    }
}
