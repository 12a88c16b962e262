package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;
import java.util.TreeMap;

/**
 * The figures a verdict rests on, measured over the cell's measured part; null where it could not be measured
 * (the target's metrics did not answer, or lack the series: no schedstat, no cgroup CPU controller).
 *
 * @param targetCpu        the target's CPU time / (wall time x its cores)
 * @param targetWait       the target's threads' run-queue wait / (wall time x its cores): how much more CPU it wanted
 *                         and did not get, because others held its cores or its cgroup was throttled
 * @param targetThrottled  the share of the target cgroup's CFS periods in which its quota ran out (0 without a quota)
 * @param targetQuota      the target cgroup's CFS quota in cores; null when it has none
 * @param linkUtilisation  bytes per second received / link capacity in bytes per second
 * @param loadgenCpu       the loadgen's CPU time / (wall time x the CPUs it may run on)
 * @param loadgenLoops     the loadgen's busiest threads (as many as the run has event loops): the mean fraction of
 *                         the wall time each was on a CPU or runnable and waiting for one. Near 1, the event loops
 *                         never waited for the target: the generator set the pace. Counting the waiting matters: a
 *                         generator sharing its core with a busy neighbour runs half the time and is starved, not idle
 * @param loadgenWait      the loadgen's threads' run-queue wait / (wall time x its CPUs), shown whatever the verdict
 * @param loadgenThrottled the share of the loadgen cgroup's CFS periods in which its quota ran out
 * @param scheduleLag      open model only: 1 - achieved rate / requested rate (0 when on schedule)
 * @param targetCpuScope   null: {@code targetCpu} is the target's own; {@code cores}: everything on the cores it is
 *                         pinned to (node-exporter), so a neighbour there shows as CPU plus run-queue wait
 * @param resources        how the target's figures were read ({@code builtin}, {@code prometheus cadvisor} ...)
 * @param targetSentMbps   what the target's host or container counted as sent, megabits per second (headers and
 *                         TCP/IP included), where its source gives it; shown beside the link utilisation, which
 *                         rests on the bytes the loadgen received
 * @param unmeasured       each figure that is null to why ({@code targetWait}: "... matched no series"); a
 *                         figure is never 0 for unknown
 * @param protocol         with a {@code protocols} axis: what the cell spoke and its TLS handshakes; null (absent)
 *                         without one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Evidence(Double targetCpu, Double targetWait, Double targetThrottled, Double targetQuota,
                       Double linkUtilisation, Double loadgenCpu, Double loadgenLoops, Double loadgenWait,
                       Double loadgenThrottled, Double scheduleLag, String targetCpuScope, String resources,
                       Double targetSentMbps, Map<String, String> unmeasured, ProtocolEvidence protocol) {

    public Evidence {
        unmeasured = unmeasured == null || unmeasured.isEmpty() ? null : Map.copyOf(new TreeMap<>(unmeasured));
    }

    /** Without the protocol's figures: an experiment without a {@code protocols} axis. */
    public Evidence(Double targetCpu, Double targetWait, Double targetThrottled, Double targetQuota,
                    Double linkUtilisation, Double loadgenCpu, Double loadgenLoops, Double loadgenWait,
                    Double loadgenThrottled, Double scheduleLag, String targetCpuScope, String resources,
                    Double targetSentMbps, Map<String, String> unmeasured) {
        this(targetCpu, targetWait, targetThrottled, targetQuota, linkUtilisation, loadgenCpu, loadgenLoops, loadgenWait,
                loadgenThrottled, scheduleLag, targetCpuScope, resources, targetSentMbps, unmeasured, null);
    }

    /** The same figures with {@code p} and the reasons for its unmeasured figures added to {@code unmeasured}. */
    public Evidence withProtocol(ProtocolEvidence p, Map<String, String> why) {
        Map<String, String> all = new TreeMap<>(unmeasured == null ? Map.of() : unmeasured);
        all.putAll(why);
        return new Evidence(targetCpu, targetWait, targetThrottled, targetQuota, linkUtilisation, loadgenCpu, loadgenLoops,
                loadgenWait, loadgenThrottled, scheduleLag, targetCpuScope, resources, targetSentMbps, all, p);
    }

    /** The figures before sources had names: the builtin source, nothing said of what is missing. */
    public Evidence(Double targetCpu, Double targetWait, Double targetThrottled, Double targetQuota,
                    Double linkUtilisation, Double loadgenCpu, Double loadgenLoops, Double loadgenWait,
                    Double loadgenThrottled, Double scheduleLag) {
        this(targetCpu, targetWait, targetThrottled, targetQuota, linkUtilisation, loadgenCpu, loadgenLoops, loadgenWait,
                loadgenThrottled, scheduleLag, null, null, null, null);
    }

    /** Only what the first verdicts looked at: CPU, link, loadgen CPU and loops, lag; nothing on waits or throttling. */
    public static Evidence of(Double targetCpu, Double linkUtilisation, Double loadgenCpu, Double loadgenLoops, Double scheduleLag) {
        return new Evidence(targetCpu, null, null, null, linkUtilisation, loadgenCpu, loadgenLoops, null, null, scheduleLag);
    }

    /** How saturated the loadgen was: the larger of its CPU share and its event loops' busy-or-waiting share. */
    public double loadgenDemand() {
        return Math.max(loadgenCpu == null ? 0 : loadgenCpu, loadgenLoops == null ? 0 : loadgenLoops);
    }
}
