package io.loadlab.loadgen.api;

import io.loadlab.loadgen.experiment.CellResult;
import io.loadlab.loadgen.experiment.Evidence;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentTarget;
import io.loadlab.loadgen.experiment.LinkCapacity;
import io.loadlab.loadgen.experiment.ProbePoint;
import io.loadlab.loadgen.experiment.ScalingRow;
import io.loadlab.loadgen.experiment.SearchResult;
import io.loadlab.loadgen.experiment.SearchSpec;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.experiment.Verdict;
import io.loadlab.loadgen.http.HttpErrors;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunReport;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.udp.UdpPingPongReport;
import io.loadlab.loadgen.udp.UdpPingPongSpec;
import io.loadlab.loadgen.udp.UdpRunSpec;
import io.loadlab.loadgen.udp.UdpThroughputReport;
import io.loadlab.loadgen.udp.UdpThroughputSpec;
import io.loadlab.loadgen.udp.UdpUnderLoadReport;
import io.loadlab.loadgen.udp.UdpUnderLoadSpec;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Registers for reflection the types Jackson reaches other than through a resource method's signature: entities of
 * resources that return {@code Response} (a started run or experiment, a report of any kind), the records the stores
 * write to disk, and what they hold, polymorphic specs and reports included. Without it a native image writes them
 * as {@code {}}. Kept in one place so the records' packages need no Quarkus annotation; {@code NativeReadinessTest}
 * derives the set from the code and fails naming any type missing here.
 */
@RegisterForReflection(targets = {
        RunView.class, RunState.class, RunProgress.class, RunSpec.class, RunReport.class, LatencySummary.class,
        RunSeries.class, SeriesPoint.class,
        HttpRunSpec.class, HttpReport.class, HttpErrors.class,
        UdpRunSpec.class, UdpThroughputSpec.class, UdpPingPongSpec.class, UdpUnderLoadSpec.class,
        UdpThroughputReport.class, UdpPingPongReport.class, UdpUnderLoadReport.class,
        ExperimentSpec.class, ExperimentTarget.class, Variant.class, SearchSpec.class, CellResult.class, Verdict.class,
        Evidence.class, LinkCapacity.class, ScalingRow.class, SearchResult.class, ProbePoint.class})
final class NativeJsonTypes {

    private NativeJsonTypes() {
    }
}
