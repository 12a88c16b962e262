package io.loadlab.loadgen.experiment;

import java.util.Locale;

/**
 * Decides what limited a cell from what was measured during it. Pure: figures in, verdict out.
 * <ol>
 * <li>The loadgen's CPU share or its event loops' busy-or-waiting share at or above {@code loadgenSaturation}, or its
 *     cgroup throttled in at least {@code throttledPeriods} of its periods: {@code loadgen-bound}, first, because a
 *     starved generator makes every other figure a statement about itself.</li>
 * <li>The target's CPU or the link at or above its threshold: {@code cpu-bound} or {@code network-bound};
 *     when both, the one further past its threshold. A target that filled its cores is cpu-bound even when its
 *     quota (equal to its cores) throttled it: more cores, or a higher limit, is the same answer.</li>
 * <li>The target's cgroup throttled in at least {@code throttledPeriods} of its periods: {@code cpu-throttled}, the
 *     quota, not the work, is the ceiling. Before contention: throttled time also counts as run-queue wait.</li>
 * <li>The target's run-queue wait at least {@code runQueueWait} of its cores' time: {@code cpu-contended}, others held
 *     the CPU it wanted (the reason says whether CPU + wait would have filled its cores). Unless CPU + wait left the
 *     target room to spare while the loadgen waited for a CPU too: then the starved generator set the pace, and the
 *     cell is {@code loadgen-bound} (one busy CI run: target CPU 0.33 + wait 0.18, loadgen loops 0.89 busy or
 *     waiting, its threads' wait 2.05 of its cores).</li>
 * <li>The open model's schedule lagging beyond {@code scheduleLag} with nothing above saturated:
 *     {@code loadgen-bound} (the generator could not send at the rate asked; too few connections
 *     for the rate shows the same way, and the reason says so).</li>
 * <li>The loadgen's threads waiting for a CPU at least {@code runQueueWait} of its cores' time, with nothing above:
 *     {@code loadgen-bound}, a generator that waits for its CPU is not measuring the target.</li>
 * <li>Otherwise {@code concurrency-bound}: nothing is full, nothing waits, nothing is throttled, so the limit is how
 *     much work the connections keep in flight, or the application itself.</li>
 * </ol>
 */
public final class Verdicts {

    private final Thresholds t;

    public Verdicts(Thresholds thresholds) {
        this.t = thresholds;
    }

    public Verdict decide(Evidence e) {
        if (e.loadgenDemand() >= t.loadgenSaturation() || nz(e.loadgenThrottled()) >= t.throttledPeriods()) {
            return new Verdict(Verdict.LOADGEN, e, false, f("the loadgen was saturated (CPU %.2f of its cores, event loops busy "
                            + "or waiting for a CPU %.2f of the time, run-queue wait %s, throttled in %s of periods; limits "
                            + "%.2f and %.2f): its figures are not trustworthy", nz(e.loadgenCpu()), nz(e.loadgenLoops()),
                    fmt(e.loadgenWait()), fmt(e.loadgenThrottled()), t.loadgenSaturation(), t.throttledPeriods()));
        }
        double cpu = nz(e.targetCpu()) / t.cpuSaturation();
        double net = nz(e.linkUtilisation()) / t.networkSaturation();
        if (cpu >= 1 || net >= 1) {
            return cpu >= net
                    ? new Verdict(Verdict.CPU, e, true, f("target CPU %.2f of its cores >= %.2f", e.targetCpu(), t.cpuSaturation()))
                    : new Verdict(Verdict.NETWORK, e, true, f("link %.2f full >= %.2f", e.linkUtilisation(), t.networkSaturation()));
        }
        if (nz(e.targetThrottled()) >= t.throttledPeriods()) {
            return new Verdict(Verdict.THROTTLED, e, true, f("the target's cgroup was throttled in %.2f of its CFS periods >= %.2f "
                            + "(quota %s cores, CPU %.2f of its cores): the quota, not the work, is the ceiling",
                    e.targetThrottled(), t.throttledPeriods(), fmt(e.targetQuota()), nz(e.targetCpu())));
        }
        boolean loadgenWaited = nz(e.loadgenWait()) >= t.runQueueWait();
        if (nz(e.targetWait()) >= t.runQueueWait()
                && (nz(e.targetCpu()) + e.targetWait() >= t.cpuSaturation() || !loadgenWaited)) {
            double demand = nz(e.targetCpu()) + e.targetWait();
            return new Verdict(Verdict.CONTENDED, e, true, f("the target waited for a CPU %.2f of its cores' time >= %.2f "
                            + "(CPU %.2f + wait = %.2f%s): others held the CPU it wanted", e.targetWait(), t.runQueueWait(),
                    nz(e.targetCpu()), demand, demand >= t.cpuSaturation()
                            ? f(" >= %.2f, it would be cpu-bound with the CPU it was promised", t.cpuSaturation())
                            : f(" < %.2f: not even that would fill its cores, neighbours slowed every request", t.cpuSaturation())));
        }
        if (e.scheduleLag() != null && e.scheduleLag() > t.scheduleLag()) {
            return new Verdict(Verdict.LOADGEN, e, false, f("achieved rate %.0f%% below the requested with neither CPU nor link "
                    + "saturated: the loadgen fell behind its schedule (or has too few connections for the rate)", 100 * e.scheduleLag()));
        }
        if (loadgenWaited) {
            return new Verdict(Verdict.LOADGEN, e, false, f("the loadgen's threads waited for a CPU %.2f of its cores' time >= %.2f "
                            + "(event loops busy or waiting %s) while the target had room to spare (CPU %s + wait %s < %.2f): "
                            + "the starved generator set the pace, its figures are not trustworthy", e.loadgenWait(), t.runQueueWait(),
                    fmt(e.loadgenLoops()), fmt(e.targetCpu()), fmt(e.targetWait()), t.cpuSaturation()));
        }
        return new Verdict(Verdict.CONCURRENCY, e, true, f("nothing full, waiting or throttled: target CPU %s, run-queue wait %s, "
                        + "throttled %s, link %s, loadgen %.2f: the limit is concurrency or the application", fmt(e.targetCpu()),
                fmt(e.targetWait()), fmt(e.targetThrottled()), fmt(e.linkUtilisation()), e.loadgenDemand()));
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static double nz(Double d) {
        return d == null ? 0 : d;
    }

    private static String fmt(Double d) {
        return d == null ? "unmeasured" : f("%.2f", d);
    }
}
