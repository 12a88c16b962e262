package io.loadlab.loadgen.experiment;

import java.util.Locale;

/**
 * Decides what limited a cell from what was measured during it. Pure: figures in, verdict out.
 * <ol>
 * <li>The loadgen's CPU share or its event loops' busy-or-waiting share at or above {@code loadgenSaturation}: {@code loadgen-bound}, first, because a
 *     starved generator makes every other figure a statement about itself.</li>
 * <li>The target's CPU or the link at or above its threshold: {@code cpu-bound} or {@code network-bound};
 *     when both, the one further past its threshold.</li>
 * <li>The open model's schedule lagging beyond {@code scheduleLag} with nothing above saturated:
 *     {@code loadgen-bound} (the generator could not send at the rate asked; too few connections
 *     for the rate shows the same way, and the reason says so).</li>
 * <li>Otherwise {@code concurrency-bound}: neither CPU nor link is full, so the limit is how much work
 *     the connections keep in flight, or the application itself.</li>
 * </ol>
 */
public final class Verdicts {

    private final Thresholds t;

    public Verdicts(Thresholds thresholds) {
        this.t = thresholds;
    }

    public Verdict decide(Evidence e) {
        if (e.loadgenDemand() >= t.loadgenSaturation()) {
            return new Verdict(Verdict.LOADGEN, e, false, String.format(Locale.ROOT,
                    "the loadgen was saturated (CPU %.2f of its cores, event loops busy or waiting for a CPU %.2f of the time) "
                            + ">= %.2f: its figures are not trustworthy",
                    nz(e.loadgenCpu()), nz(e.loadgenLoops()), t.loadgenSaturation()));
        }
        double cpu = e.targetCpu() == null ? 0 : e.targetCpu() / t.cpuSaturation();
        double net = e.linkUtilisation() == null ? 0 : e.linkUtilisation() / t.networkSaturation();
        if (cpu >= 1 || net >= 1) {
            return cpu >= net
                    ? new Verdict(Verdict.CPU, e, true, String.format(Locale.ROOT,
                    "target CPU %.2f of its cores >= %.2f", e.targetCpu(), t.cpuSaturation()))
                    : new Verdict(Verdict.NETWORK, e, true, String.format(Locale.ROOT,
                    "link %.2f full >= %.2f", e.linkUtilisation(), t.networkSaturation()));
        }
        if (e.scheduleLag() != null && e.scheduleLag() > t.scheduleLag()) {
            return new Verdict(Verdict.LOADGEN, e, false, String.format(Locale.ROOT,
                    "achieved rate %.0f%% below the requested with neither CPU nor link saturated: the loadgen fell "
                            + "behind its schedule (or has too few connections for the rate)", 100 * e.scheduleLag()));
        }
        return new Verdict(Verdict.CONCURRENCY, e, true, String.format(Locale.ROOT,
                "neither target CPU (%s) nor link (%s) nor loadgen (%.2f) saturated: the limit is concurrency or the application",
                fmt(e.targetCpu()), fmt(e.linkUtilisation()), e.loadgenDemand()));
    }

    private static double nz(Double d) {
        return d == null ? 0 : d;
    }

    private static String fmt(Double d) {
        return d == null ? "unmeasured" : String.format(Locale.ROOT, "%.2f", d);
    }
}
