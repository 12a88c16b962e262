package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.calibrate.Shape;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.gate.GateSpec;
import io.loadlab.loadgen.run.Violations;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A matrix of targets by variants, each cell an ordinary HTTP run of {@code duration} after
 * {@code warmup}. With {@code search}, each target and variant is instead searched for its highest
 * sustainable rate, every probe a cell. Validated when built: every bad field is named at once
 * ({@code targets[1].cores}). Policy limits are checked by the API's reader.
 *
 * @param name     free text, optional
 * @param linkMbps the link's capacity in megabits per second (10^6); null: measured before each target's cells
 * @param repeats  how many times each cell runs, interleaved ({@link Interleaving}), or each search probe; null: 1
 * @param calibrate measure the generator's own ceiling first (three runs on loopback) and flag cells near it; null: no
 * @param agents   null: every cell runs on this loadgen; a count or {@code all}: every cell is a distributed run on
 *                 that many agents; {@code auto}: each cell starts on one agent and a loadgen-bound one is run again
 *                 on twice as many, until its busiest agent is under the threshold or every agent is in use
 * @param protocols how the cells speak to their targets: each variant's cells run once per entry
 *                  ({@link ExperimentProtocol}); null: plain HTTP/1.1 only, as before the axis (and absent from JSON)
 * @param thresholds every cell's run is judged against these, and the experiment passes when every cell did
 *                   ({@link io.loadlab.loadgen.gate}); null: none
 * @param baseline   an earlier experiment's id: each cell's requests/s and p99 against the same cell there, from both
 *                   sides' repeats ({@link io.loadlab.loadgen.gate.BaselineComparison}); a regression fails the gate;
 *                   null: none
 * @param warmupPass run every cell once first, uncounted ({@link WarmupPass}); null: on when {@code repeats} is 3 or
 *                   more, so the intervals measure noise rather than the JIT warming up
 */
public record ExperimentSpec(String name, List<ExperimentTarget> targets, List<Variant> variants, Duration duration,
                             Duration warmup, Duration timeout, Double linkMbps, SearchSpec search, Integer repeats,
                             Boolean calibrate,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String agents,
                             @JsonInclude(JsonInclude.Include.NON_NULL) List<ExperimentProtocol> protocols,
                             @JsonInclude(JsonInclude.Include.NON_NULL) GateSpec thresholds,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean warmupPass) {

    /** The spec as a reader without the token sees it: every target and variant redacted. */
    public ExperimentSpec redacted() {
        return new ExperimentSpec(name, targets.stream().map(ExperimentTarget::redacted).toList(),
                variants.stream().map(Variant::redacted).toList(), duration, warmup,
                timeout, linkMbps, search, repeats, calibrate, agents, keysHidden().protocols, thresholds, baseline, warmupPass);
    }

    /** The spec as anyone, token or not, sees it: its protocols' TLS keys hidden ({@link ExperimentProtocol#redacted}). */
    public ExperimentSpec keysHidden() {
        return protocols == null ? this : new ExperimentSpec(name, targets, variants, duration, warmup, timeout, linkMbps,
                search, repeats, calibrate, agents, protocols.stream().map(ExperimentProtocol::redacted).toList(),
                thresholds, baseline, warmupPass);
    }

    /** {@code agents} for as many agents as it takes. */
    public static final String AUTO = "auto";
    /** What a {@code baseline} may be: a job id ({@code Jobs.nextId}), bounded before any lookup. */
    static final String BASELINE_ID = "[A-Za-z0-9._-]{1,64}";
    /** Runs one cell may take with {@code auto}: 1, 2, 4 ... 64 agents. */
    static final int AUTO_TRIES = 7;

    /** An experiment this loadgen drives alone, as every one before distributed cells. */
    public ExperimentSpec(String name, List<ExperimentTarget> targets, List<Variant> variants, Duration duration,
                          Duration warmup, Duration timeout, Double linkMbps, SearchSpec search, Integer repeats,
                          Boolean calibrate) {
        this(name, targets, variants, duration, warmup, timeout, linkMbps, search, repeats, calibrate, null);
    }

    /** An experiment without thresholds, baseline or warm-up pass, as every one before them. */
    public ExperimentSpec(String name, List<ExperimentTarget> targets, List<Variant> variants, Duration duration,
                          Duration warmup, Duration timeout, Double linkMbps, SearchSpec search, Integer repeats,
                          Boolean calibrate, String agents, List<ExperimentProtocol> protocols) {
        this(name, targets, variants, duration, warmup, timeout, linkMbps, search, repeats, calibrate, agents, protocols,
                null, null, null);
    }

    /** An experiment over plain HTTP/1.1, as every one before the {@code protocols} axis. */
    public ExperimentSpec(String name, List<ExperimentTarget> targets, List<Variant> variants, Duration duration,
                          Duration warmup, Duration timeout, Double linkMbps, SearchSpec search, Integer repeats,
                          Boolean calibrate, String agents) {
        this(name, targets, variants, duration, warmup, timeout, linkMbps, search, repeats, calibrate, agents, null);
    }

    public ExperimentSpec {
        targets = targets == null ? List.of() : List.copyOf(targets);
        variants = variants == null ? List.of() : List.copyOf(variants);
        warmup = warmup == null ? Duration.ZERO : warmup;
        timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
        repeats = repeats == null ? 1 : repeats;
        calibrate = calibrate != null && calibrate;
        protocols = protocols == null ? null : List.copyOf(protocols);
        Violations v = new Violations();
        v.check(!targets.isEmpty(), "targets", "must name at least one target");
        v.check(!variants.isEmpty(), "variants", "must name at least one variant");
        Set<String> names = new HashSet<>();
        for (int i = 0; i < targets.size(); i++) {
            ExperimentTarget t = targets.get(i);
            String at = "targets[" + i + "].";
            if (v.check(t.name() != null && t.name().matches("[A-Za-z0-9._-]{1,40}"), at + "name",
                    "is required: 1 to 40 letters, digits, '.', '_' or '-'")) {
                v.check(names.add(t.name()), at + "name", "is used twice");
            }
            http(v, at + "url", t.url());
            v.check(t.tlsUrl() == null || ("https".equalsIgnoreCase(t.tlsUrl().getScheme()) && t.tlsUrl().getHost() != null
                    && !t.tlsUrl().getHost().isEmpty()), at + "tlsUrl", "must be an https:// URL naming a host");
            if (t.metrics() != null || t.resources().builtin()) {
                http(v, at + "metrics", t.metrics(), "is required for the builtin source; or name a resources source");
            }
            t.resources().check(v, at + "resources.");
            if (t.download() != null) {
                http(v, at + "download", t.download(), "is required");
            }
            v.check(t.linkMbps() == null || (t.linkMbps() > 0 && Double.isFinite(t.linkMbps())), at + "linkMbps",
                    "must be above zero");
            v.check(t.cores() >= 1, at + "cores", "must be at least 1");
            v.check(t.iperf() == null || ("tcp".equals(t.iperf().getScheme()) && t.iperf().getHost() != null
                    && t.iperf().getPort() > 0), at + "iperf", "must be tcp://host:port, the target's iperf3 server");
        }
        for (int i = 0; i < variants.size(); i++) {
            Variant x = variants.get(i);
            String at = "variants[" + i + "].";
            if (x.isTemplate()) {
                continue; // a run of another kind: its own reader checks it on each target (the API's RunField)
            }
            v.check(x.connections() >= 1, at + "connections", "must be at least 1");
            v.check(x.threads() >= 1 && x.threads() <= Math.max(1, x.connections()), at + "threads",
                    "must be at least 1 and not exceed connections");
            v.check(x.rate() >= 0 && Double.isFinite(x.rate()), at + "rate", "must be 0 (closed model) or a positive rate per second");
        }
        VariantChecks.check(v, targets, variants);
        ProtocolChecks.check(v, targets, variants, protocols);
        v.check(duration != null && !duration.isNegative() && !duration.isZero(), "duration", "must be above zero");
        v.check(!warmup.isNegative(), "warmup", "must not be negative");
        v.check(!timeout.isNegative() && !timeout.isZero(), "timeout", "must be above zero");
        v.check(linkMbps == null || (linkMbps > 0 && Double.isFinite(linkMbps)), "linkMbps", "must be above zero");
        v.check(agents == null || AUTO.equals(agents) || DistributedRunSpec.ALL.equals(agents)
                        || DistributedRunSpec.count(agents) >= 1, "agents",
                "must be a count from 1 to " + DistributedRunSpec.MAX_AGENTS + ", \"all\" or \"auto\"");
        v.check(search == null || !Boolean.TRUE.equals(warmupPass), "warmupPass",
                "a search has no pass over fixed cells to warm up: leave it out or false");
        v.check(baseline == null || baseline.matches(BASELINE_ID), "baseline",
                "must be an experiment's id: 1 to 64 letters, digits, '.', '_' or '-'");
        v.check(repeats >= 1 && repeats <= Interleaving.MAX_REPEATS, "repeats",
                "must be from 1 to " + Interleaving.MAX_REPEATS);
        if (search != null) {
            v.check(search.p99Millis() > 0, "search.p99Millis", "must be above zero");
            v.check(search.maxErrorRate() >= 0 && search.maxErrorRate() <= 1, "search.maxErrorRate", "must be from 0 to 1");
            v.check(search.startRate() > 0, "search.startRate", "must be above zero");
            v.check(search.maxRate() >= search.startRate(), "search.maxRate", "must be at least startRate");
            v.check(search.maxSteps() >= 1 && search.maxSteps() <= 30, "search.maxSteps", "must be from 1 to 30");
            v.check(search.precision() > 0 && search.precision() < 1, "search.precision", "must be between 0 and 1");
        }
        v.throwIfAny();
    }

    private static void http(Violations v, String field, java.net.URI u) {
        http(v, field, u, "is required");
    }

    private static void http(Violations v, String field, java.net.URI u, String required) {
        if (v.check(u != null, field, required)) {
            v.check("http".equalsIgnoreCase(u.getScheme()) && u.getHost() != null && !u.getHost().isEmpty(), field,
                    "must be an http:// URL naming a host");
        }
    }

    /**
     * Whether the cells run once first, uncounted: as asked, else when {@code repeats} is 3 or more. Never for a
     * {@code search}: its probes climb from {@code startRate}, so there is no pass over fixed cells to repeat, and the
     * first, lowest probes already warm the target before the rates that decide the outcome.
     */
    public boolean warmsUpFirst() {
        return search == null && (warmupPass != null ? warmupPass : repeats >= 3);
    }

    /** The same experiment with cells of another measured length (a search probe's, {@link ProbeDuration}). */
    public ExperimentSpec withDuration(Duration length) {
        return new ExperimentSpec(name, targets, variants, length, warmup, timeout, linkMbps, search, repeats, calibrate,
                agents, protocols, thresholds, baseline, warmupPass);
    }

    /** The entries each variant's cells run with: the given ones, or {@link ExperimentProtocol#DEFAULT} alone. */
    public List<ExperimentProtocol> cellProtocols() {
        return protocols == null ? List.of(ExperimentProtocol.DEFAULT) : protocols;
    }

    /**
     * Runs the experiment will start at most: cells, or probes when searching, plus capacity probes, calibration and the
     * warm-up pass.
     * A long, saturating at {@link Long#MAX_VALUE}: in ints, 9 targets x 400,000 variants x 30 steps x 20 repeats
     * wrapped to -2,134,967,296 and passed the max-runs check as a small number.
     */
    public long maxRuns() {
        int tries = AUTO.equals(agents) ? AUTO_TRIES : 1;
        long counted = maxRuns(targets.size(), variants.size(), cellProtocols().size(), search == null ? 1 : search.maxSteps(),
                repeats, tries, (linkMbps == null ? targets.size() : 0) + (calibrate ? Shape.values().length : 0));
        long warmup = warmsUpFirst() ? maxRuns(targets.size(), variants.size(), cellProtocols().size(), 1, 1, tries, 0) : 0;
        return counted > Long.MAX_VALUE - warmup ? Long.MAX_VALUE : counted + warmup;
    }

    /** {@code targets x variants x steps x repeats x tries + extra}, exact, or {@link Long#MAX_VALUE} past it. */
    static long maxRuns(int targets, int variants, int steps, int repeats, int tries, int extra) {
        return maxRuns(targets, variants, 1, steps, repeats, tries, extra);
    }

    /** {@code targets x variants x protocols x steps x repeats x tries + extra}, exact, or {@link Long#MAX_VALUE} past it. */
    static long maxRuns(int targets, int variants, int protocols, int steps, int repeats, int tries, int extra) {
        try {
            long runs = (long) targets * variants; // two ints: exact in a long
            for (int factor : new int[]{protocols, steps, repeats, tries}) {
                runs = Math.multiplyExact(runs, factor);
            }
            return Math.addExact(runs, extra);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
