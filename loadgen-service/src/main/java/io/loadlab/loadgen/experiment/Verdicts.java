package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.resource.ResourceFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides what limited a cell from what was measured during it. Pure: figures in, verdict out. One rule set for every
 * source of the target's figures; a figure that is null was unmeasured, never 0: a rule that needs it cannot fire.
 * <ol>
 * <li>The loadgen's CPU share or its event loops' busy-or-waiting share at or above {@code loadgenSaturation}, or its
 *     cgroup throttled in at least {@code throttledPeriods} of its periods: {@code loadgen-bound}, first, because a
 *     starved generator makes every other figure a statement about itself.</li>
 * <li>The target's CPU or the link at or above its threshold: {@code cpu-bound} or {@code network-bound};
 *     when both, the one further past its threshold. A target that filled its cores is cpu-bound even when its
 *     quota (equal to its cores) throttled it: more cores, or a higher limit, is the same answer. A measured full
 *     link is network-bound even with the CPU unmeasured, and before a CPU figure that counts everything on the
 *     target's pinned cores, which may be others' work. When the CPU figure counts everything on the target's
 *     pinned cores ({@code targetCpuScope} {@code cores}, node-exporter), full cores with a run-queue wait at or
 *     above {@code runQueueWait} are {@code cpu-contended} (a neighbour on the cores), and with the wait unmeasured
 *     {@code unknown}.</li>
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
 *     {@code loadgen-bound}, a generator that waits for its CPU is not measuring the target. With the target's CPU
 *     unmeasured, {@code unknown} (not trustworthy): whether the target had room to spare is not known.</li>
 * <li>Otherwise {@code concurrency-bound}: nothing is full, nothing waits, nothing is throttled, so the limit is how
 *     much work the connections keep in flight, or the application itself. It needs the target's CPU and the link
 *     measured: without either the verdict is {@code unknown}, naming each missing figure and why. An unmeasured
 *     wait or throttling does not block it; the reason says it was judged without them.</li>
 * </ol>
 * Every verdict lists in {@code judgedFrom} the measured figures its rule and the rules before it read. A cell whose
 * requests paid a TLS handshake at least half the time (keep-alive off over TLS) gets a note after its reason, whatever
 * the rule: the handshakes' key exchanges and signatures are in the target's CPU, which is why it is high.
 */
public final class Verdicts {

    private final Thresholds t;

    public Verdicts(Thresholds thresholds) {
        this.t = thresholds;
    }

    public Verdict decide(Evidence e) {
        Verdict v = rules(e);
        ProtocolEvidence p = e.protocol();
        if (p == null || !p.handshakeHeavy()) {
            return v;
        }
        return new Verdict(v.verdict(), e, v.trustworthy(), v.reason() + f("; note: %.2f of the requests made a TLS "
                        + "handshake (%.0f/s, %s resumed, p99 %s ms): their key exchanges and signatures are part of the "
                        + "target's CPU", p.tlsHandshakesPerRequest(), nz(p.tlsHandshakesPerSecond()), fmt(p.tlsResumed()),
                fmt(p.tlsHandshakeP99Millis())), v.judgedFrom());
    }

    private Verdict rules(Evidence e) {
        Judged j = new Judged(e);
        j.read("loadgenCpu", e.loadgenCpu()).read("loadgenLoops", e.loadgenLoops()).read("loadgenThrottled", e.loadgenThrottled());
        if (e.loadgenDemand() >= t.loadgenSaturation() || nz(e.loadgenThrottled()) >= t.throttledPeriods()) {
            return j.verdict(Verdict.LOADGEN, false, f("the loadgen was saturated (CPU %.2f of its cores, event loops busy "
                            + "or waiting for a CPU %.2f of the time, run-queue wait %s, throttled in %s of periods; limits "
                            + "%.2f and %.2f): its figures are not trustworthy", nz(e.loadgenCpu()), nz(e.loadgenLoops()),
                    fmt(e.loadgenWait()), fmt(e.loadgenThrottled()), t.loadgenSaturation(), t.throttledPeriods()));
        }
        j.read("targetCpu", e.targetCpu()).read("linkUtilisation", e.linkUtilisation());
        double cpu = e.targetCpu() == null ? -1 : e.targetCpu() / t.cpuSaturation();
        double net = e.linkUtilisation() == null ? -1 : e.linkUtilisation() / t.networkSaturation();
        if (cpu >= 1 || net >= 1) {
            // A cores-scope CPU (node-exporter) counts anyone on the pinned cores, the link only the target's answers:
            // nginx behind 50 Mbit/s read link 0.96 with its core 1.00 full of other builds' work (its own 0.16).
            boolean coresScope = ResourceFigures.CORES.equals(e.targetCpuScope());
            return cpu >= net && !(coresScope && net >= 1) ? cpuFull(e, j)
                    : j.verdict(Verdict.NETWORK, true, f("link %.2f full >= %.2f", e.linkUtilisation(), t.networkSaturation())
                    + (e.targetCpu() == null ? "; the target's CPU was unmeasured (" + j.why("targetCpu") + ")" : ""));
        }
        j.read("targetThrottled", e.targetThrottled());
        if (nz(e.targetThrottled()) >= t.throttledPeriods()) {
            return j.verdict(Verdict.THROTTLED, true, f("the target's cgroup was throttled in %.2f of its CFS periods >= %.2f "
                            + "(quota %s cores, CPU %s of its cores): the quota, not the work, is the ceiling",
                    e.targetThrottled(), t.throttledPeriods(), fmt(e.targetQuota()), fmt(e.targetCpu())));
        }
        j.read("targetWait", e.targetWait()).read("loadgenWait", e.loadgenWait());
        boolean loadgenWaited = nz(e.loadgenWait()) >= t.runQueueWait();
        if (nz(e.targetWait()) >= t.runQueueWait()) {
            if (e.targetCpu() == null && loadgenWaited) {
                return j.unknown("targetCpu", "cannot tell cpu-contended from loadgen-bound: both the target and the "
                        + "loadgen waited for a CPU");
            }
            double demand = nz(e.targetCpu()) + e.targetWait();
            if (e.targetCpu() == null || demand >= t.cpuSaturation() || !loadgenWaited) {
                return j.verdict(Verdict.CONTENDED, true, f("the target waited for a CPU %.2f of its cores' time >= %.2f "
                                + "(CPU %s + wait%s): others held the CPU it wanted", e.targetWait(), t.runQueueWait(),
                        fmt(e.targetCpu()), e.targetCpu() == null ? "" : f(" = %.2f%s", demand, demand >= t.cpuSaturation()
                                ? f(" >= %.2f, it would be cpu-bound with the CPU it was promised", t.cpuSaturation())
                                : f(" < %.2f: not even that would fill its cores, neighbours slowed every request", t.cpuSaturation()))));
            }
        }
        j.read("scheduleLag", e.scheduleLag());
        if (e.scheduleLag() != null && e.scheduleLag() > t.scheduleLag()) {
            return j.verdict(Verdict.LOADGEN, false, f("achieved rate %.0f%% below the requested with neither CPU nor link "
                    + "saturated: the loadgen fell behind its schedule (or has too few connections for the rate)", 100 * e.scheduleLag()));
        }
        if (loadgenWaited && e.targetCpu() == null) {
            // Rule 6 blames the generator only because the target had room to spare; unmeasured, that is not known
            // (a Prometheus stopped mid-cell, with the loadgen's threads waiting 0.35 of its promised core).
            return j.unknown("targetCpu", null, false, f("the loadgen's threads waited for a CPU %.2f of its cores' time "
                    + ">= %.2f: cannot tell whether the generator or the target set the pace", e.loadgenWait(), t.runQueueWait()));
        }
        if (loadgenWaited) {
            return j.verdict(Verdict.LOADGEN, false, f("the loadgen's threads waited for a CPU %.2f of its cores' time >= %.2f "
                            + "(event loops busy or waiting %s) while the target had room to spare (CPU %.2f + wait %s < %.2f): "
                            + "the starved generator set the pace, its figures are not trustworthy", e.loadgenWait(),
                    t.runQueueWait(), fmt(e.loadgenLoops()), e.targetCpu(), fmt(e.targetWait()), t.cpuSaturation()));
        }
        if (e.targetCpu() == null || e.linkUtilisation() == null) {
            return j.unknown(e.targetCpu() == null ? "targetCpu" : null, e.linkUtilisation() == null ? "linkUtilisation" : null,
                    "cannot tell " + (e.targetCpu() == null ? "cpu-bound" : "network-bound") + " from concurrency-bound");
        }
        return j.verdict(Verdict.CONCURRENCY, true, f("nothing full, waiting or throttled: target CPU %s, run-queue wait %s, "
                        + "throttled %s, link %s, loadgen %.2f: the limit is concurrency or the application", fmt(e.targetCpu()),
                fmt(e.targetWait()), fmt(e.targetThrottled()), fmt(e.linkUtilisation()), e.loadgenDemand())
                + j.without("targetWait", "targetThrottled"));
    }

    /** The target's CPU is the fuller: cpu-bound, unless the figure counts a neighbour on the pinned cores too. */
    private Verdict cpuFull(Evidence e, Judged j) {
        String full = f("target CPU %.2f of its cores >= %.2f", e.targetCpu(), t.cpuSaturation())
                + (e.linkUtilisation() == null ? " (the link unmeasured: " + j.why("linkUtilisation") + ")" : "");
        if (!ResourceFigures.CORES.equals(e.targetCpuScope())) {
            return j.verdict(Verdict.CPU, true, full);
        }
        j.read("targetWait", e.targetWait());
        if (e.targetWait() == null) {
            return j.unknown("targetWait", full + " counts everything on its pinned cores: without the run-queue wait, "
                    + "cannot tell cpu-bound from cpu-contended");
        }
        return e.targetWait() >= t.runQueueWait()
                ? j.verdict(Verdict.CONTENDED, true, full + f(" counting everything on its pinned cores, and their run "
                + "queues waited %.2f of their time >= %.2f: a neighbour on the cores (where the kernel has no schedstat, the "
                + "wait is the machine's PSI: a neighbour anywhere on the machine)", e.targetWait(), t.runQueueWait()))
                : j.verdict(Verdict.CPU, true, full + f(" on its pinned cores, their run queues waited %.2f < %.2f: no "
                + "neighbour held them", e.targetWait(), t.runQueueWait()));
    }

    /** The measured figures read so far, for {@code judgedFrom}. */
    private static final class Judged {
        private final Evidence e;
        private final List<String> read = new ArrayList<>();

        Judged(Evidence e) {
            this.e = e;
        }

        Judged read(String name, Double value) {
            if (value != null && !read.contains(name)) {
                read.add(name);
            }
            return this;
        }

        Verdict verdict(String verdict, boolean trustworthy, String reason) {
            return new Verdict(verdict, e, trustworthy, reason, read);
        }

        /** Unknown for the missing figures (null entries skipped), each named with why, then {@code what}. */
        Verdict unknown(String a, String b, String what) {
            return unknown(a, b, true, what);
        }

        Verdict unknown(String a, String b, boolean trustworthy, String what) {
            StringBuilder s = new StringBuilder();
            for (String name : new String[]{a, b}) {
                if (name != null) {
                    s.append(name).append(" unmeasured: ").append(why(name)).append("; ");
                }
            }
            return verdict(Verdict.UNKNOWN, trustworthy, s.append(what).toString());
        }

        Verdict unknown(String name, String what) {
            return unknown(name, null, what);
        }

        String why(String name) {
            String why = e.unmeasured() == null ? null : e.unmeasured().get(name);
            return why == null ? "no reason given" : why;
        }

        /** {@code "; judged without targetWait (why)"} for each of {@code names} unmeasured; empty when none. */
        String without(String... names) {
            StringBuilder s = new StringBuilder();
            for (String name : names) {
                if (!read.contains(name)) {
                    s.append(s.length() == 0 ? "; judged without " : ", ").append(name).append(" (").append(why(name)).append(')');
                }
            }
            return s.toString();
        }
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
