package io.loadlab.loadgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunState;

import java.time.Instant;

/**
 * A run as the API shows it: {@code progress} while running, {@code report} once finished,
 * {@code failure} when failed; {@code thresholds} and {@code baseline} as asked, and once finished their judgement
 * {@code gate} (and {@code comparison}). The histogram has its own resource.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunView(String id, String kind, RunState state, RunSpec spec, Instant createdAt, Instant startedAt,
                      Instant finishedAt, RunProgress progress, RunReport report, String failure, boolean hasHistogram,
                      GateSpec thresholds, String baseline, GateResult gate, BaselineComparison comparison) {

    public static RunView of(RunRecord r, LoadRun live) {
        RunProgress progress = live != null && !r.state().finished() ? live.progress() : null;
        return new RunView(r.id(), r.spec().kind(), r.state(), r.spec(), r.createdAt(), r.startedAt(), r.finishedAt(),
                progress, r.report(), r.failure(), r.histogram() != null, r.thresholds(), r.baseline(), r.gate(),
                r.comparison());
    }
}
