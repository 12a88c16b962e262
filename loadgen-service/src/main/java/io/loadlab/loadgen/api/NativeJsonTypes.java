package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.WarmupPass;
import io.loadlab.loadgen.experiment.RunTemplate;
import io.loadlab.loadgen.gate.BaselineComparison;
import io.loadlab.loadgen.gate.Change;
import io.loadlab.loadgen.gate.Comparison;
import io.loadlab.loadgen.gate.FigureChange;
import io.loadlab.loadgen.gate.GateResult;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.gate.Threshold;
import io.loadlab.loadgen.gate.ThresholdResult;
import io.loadlab.loadgen.calibrate.Calibration;
import io.loadlab.loadgen.calibrate.CalibrationRecord;
import io.loadlab.loadgen.calibrate.CalibrationSpec;
import io.loadlab.loadgen.calibrate.Ceiling;
import io.loadlab.loadgen.calibrate.Measurement;
import io.loadlab.loadgen.calibrate.Shape;
import io.loadlab.loadgen.calibrate.Suspect;
import io.loadlab.loadgen.data.DataFile;
import io.loadlab.loadgen.distributed.AgentSummary;
import io.loadlab.loadgen.distributed.LatencyMicros;
import io.loadlab.loadgen.distributed.MixFigures;
import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.CellStats;
import io.loadlab.loadgen.experiment.Evidence;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentProtocol;
import io.loadlab.loadgen.experiment.ExperimentTarget;
import io.loadlab.loadgen.experiment.ProtocolEvidence;
import io.loadlab.loadgen.experiment.LinkCapacity;
import io.loadlab.loadgen.experiment.ProbePoint;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.loadlab.loadgen.experiment.SearchOutcome;
import io.loadlab.loadgen.experiment.SearchResult;
import io.loadlab.loadgen.experiment.SearchSpec;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.experiment.Verdict;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.report.Disturbance;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.resource.ResourceSpec;
import io.loadlab.loadgen.report.LocalPorts;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.stats.Interval;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers for reflection the types Jackson reaches other than through a resource method's signature: entities of
 * resources that return {@code Response} (a started run or experiment, a report of any kind), the records the stores
 * write to disk, and what they hold, polymorphic specs and reports included. Without it a native image writes them
 * as {@code {}}. The shared types only: each run kind registers its own records in its package (its
 * {@code *JsonTypes} class), so this list names no kind and a new kind needs no line here. {@code NativeReadinessTest}
 * derives the set from the code and fails naming any type registered nowhere.
 */
@RegisterForReflection(targets = {
        RunView.class, RunState.class, RunProgress.class, RunSpec.class, RunReport.class, LatencySummary.class, LocalPorts.class,
        RunSeries.class, SeriesPoint.class, Disturbance.class,
        RequestSpec.class, ValueSpec.class, ValueOrder.class, DataFile.class, MixFigures.class,
        ExperimentSpec.class, ExperimentTarget.class, ResourceSpec.class, Variant.class, RunTemplate.class, SearchSpec.class, CellResult.class, Verdict.class,
        Evidence.class, LinkCapacity.class, ScalingRow.class, SearchResult.class, ProbePoint.class,
        SearchOutcome.class, CellStats.class, Interval.class,
        ExperimentProtocol.class, ProtocolEvidence.class,
        CalibrationRecord.class, CalibrationSpec.class, Calibration.class, Ceiling.class, Measurement.class, Shape.class,
        Suspect.class,
        AgentSummary.class, LatencyMicros.class,
        WarmupPass.class, GateSpec.class, Threshold.class, Comparison.class, GateResult.class, ThresholdResult.class,
        BaselineComparison.class, FigureChange.class, Change.class})
final class NativeJsonTypes {

    private NativeJsonTypes() {
    }
}
