package io.loadlab.loadgen.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.testkind.DatagramsReport;
import io.loadlab.loadgen.testkind.DatagramsSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The registry refuses, at startup, two kinds that JSON could not tell apart. */
class RunKindsTest {

    /** A kind named {@code name} on the given records; it is never read or started. */
    private static <S extends RunSpec, R extends io.loadlab.loadgen.report.RunReport> RunKind<S, R> kind(String name,
            Class<S> spec, Class<R> report) {
        return new RunKind<>(name, spec, report) {
            @Override
            public S read(JsonFields fields) {
                throw new UnsupportedOperationException();
            }

            @Override
            protected LoadRun start(S spec) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void twoKindsOnOneReportRecordAreRefusedNamingBothAndTheType() {
        var e = assertThrows(IllegalStateException.class, () -> new RunKinds(List.of(new FixedKind(),
                kind("other", DatagramsSpec.class, FixedReport.class))));
        assertEquals("run kinds fixed and other share the report type io.loadlab.loadgen.run.FixedReport: each kind"
                + " needs its own name, spec record and report record", e.getMessage());
    }

    @Test
    void twoKindsOnOneSpecRecordAreRefusedNamingBothAndTheType() {
        var e = assertThrows(IllegalStateException.class, () -> new RunKinds(List.of(new FixedKind(),
                kind("other", FixedSpec.class, DatagramsReport.class))));
        assertEquals("run kinds fixed and other share the spec type io.loadlab.loadgen.run.FixedSpec: each kind"
                + " needs its own name, spec record and report record", e.getMessage());
    }

    @Test
    void aMapperForTwoKindsOnOneRecordIsRefusedToo() {
        var e = assertThrows(IllegalStateException.class, () -> RunJson.configure(new ObjectMapper(), List.of(
                new KindTypes("fixed", FixedSpec.class, FixedReport.class),
                new KindTypes("fixed", DatagramsSpec.class, DatagramsReport.class))));
        assertEquals("run kinds fixed and fixed share the name fixed: each kind needs its own name, spec record and"
                + " report record", e.getMessage());
    }

    @Test
    void kindsOnTheirOwnRecordsAreInstalled() {
        RunKinds kinds = new RunKinds(List.of(new FixedKind(), kind("other", DatagramsSpec.class, DatagramsReport.class)));
        assertEquals(List.of("fixed", "other"), List.copyOf(kinds.names()));
    }
}
