package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.controller.DistributedRunSpec;
import io.loadlab.loadgen.distributed.AgentDiscovery;
import io.loadlab.loadgen.engine.RateSchedule;
import io.loadlab.loadgen.experiment.ExperimentProtocol;
import io.loadlab.loadgen.experiment.ExperimentSpec;
import io.loadlab.loadgen.experiment.ExperimentTarget;
import io.loadlab.loadgen.experiment.ExperimentsConfig;
import io.loadlab.loadgen.experiment.SearchSpec;
import io.loadlab.loadgen.experiment.Variant;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.resource.Figure;
import io.loadlab.loadgen.resource.ResourceSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunKinds;
import io.loadlab.loadgen.run.Violations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import io.loadlab.loadgen.gate.GateSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an experiment spec, naming every bad field at once ({@code targets[1].cores}, {@code variants[0].rate},
 * {@code search.p99Millis}), and checks the same policy limits as runs plus {@code loadgen.experiments.max-runs}.
 * Variant defaults: number 10, 50 connections, 2 threads (at most one per connection), keep-alive, closed model. A
 * variant's mix is read by the http kind's reader ({@link MixField}).
 */
@ApplicationScoped
public class ExperimentSpecReader {

    /** Header names and values: a line of a request head, as a server's 8 KB head limit leaves room for. */
    static final int MAX_HEADER_CHARS = 4096;
    /** Labels in a {@code match}, as {@link ResourceSpec#check} allows, with room to name the excess. */
    static final int MAX_MAP = 64;
    /** A label value or a custom query. */
    static final int MAX_MAP_CHARS = 4096;

    private final LimitsConfig limits;
    private final ExperimentsConfig config;
    private final AgentDiscovery agents;
    /** The http kind: each protocol entry's {@code tls} is read by its reader. */
    private final RunKind<HttpRunSpec, ?> http;
    /** The kind of a cell spread over agents: thresholds there are judged on its merged figures. */
    private final RunKind<?, ?> distributed;
    private final RunKinds kinds;

    @Inject
    public ExperimentSpecReader(LimitsConfig limits, ExperimentsConfig config, AgentDiscovery agents, RunKinds kinds) {
        this.kinds = kinds;
        this.http = kinds.named(HttpRunSpec.KIND, HttpRunSpec.class).orElseThrow(() -> new IllegalStateException("no http kind"));
        this.distributed = kinds.named(DistributedRunSpec.KIND).orElse(this.http);
        this.limits = limits;
        this.config = config;
        this.agents = agents;
    }

    /** @throws InvalidSpecException naming every bad field */
    public ExperimentSpec read(JsonNode root) {
        Violations v = new Violations();
        if (!(root instanceof ObjectNode obj)) {
            v.add("", "an experiment spec must be a JSON object");
            v.throwIfAny();
            return null;
        }
        JsonFields f = new JsonFields(obj, v);
        String name = f.text("name", null);
        List<ExperimentTarget> targets = new ArrayList<>();
        List<JsonFields> targetFields = capped(obj, f, v, "targets", config.maxTargets(), "max-targets");
        for (JsonFields t : targetFields == null ? List.<JsonFields>of() : targetFields) {
            String targetName = t.text("name", null);
            URI url = t.uri("url");
            URI metrics = t.uri("metrics");
            int cores = t.integer("cores", 0);
            URI iperf = t.uri("iperf");
            ResourceSpec resources = resources(t.object("resources"));
            URI download = t.uri("download");
            double targetLink = t.number("linkMbps", Double.NaN);
            URI tlsUrl = t.uri("tlsUrl");
            targets.add(new ExperimentTarget(targetName, url, metrics, cores, iperf, resources, download,
                    Double.isNaN(targetLink) ? null : targetLink, tlsUrl));
            t.rejectUnknown();
        }
        List<Variant> variants = new ArrayList<>();
        List<JsonFields> variantFields = capped(obj, f, v, "variants", config.maxVariants(), "max-variants");
        for (JsonFields x : variantFields == null ? List.<JsonFields>of() : variantFields) {
            JsonNode run = x.raw(RunField.NAME);
            if (run != null) {
                variants.add(RunField.variant(x, run, v, "variants[" + variants.size() + "]."));
                continue;
            }
            int connections = x.integer("connections", 50);
            String path = x.text("path", null);
            URI url = x.uri("url");
            MixField.Mix mix = MixField.read(x, http, v, "variants[" + variants.size() + "].");
            int number = x.integer("number", path == null && url == null && mix.requests() == null ? 10 : 0);
            int threads = x.integer("threads", Math.max(1, Math.min(2, connections)));
            boolean keepAlive = x.bool("keepAlive", true);
            double rate = x.number("rate", 0);
            variants.add(new Variant(number, connections, threads, keepAlive, rate, x.text("name", null),
                    x.text("method", null), path, url, x.stringMap("headers", limits.maxHeaders(), MAX_HEADER_CHARS),
                    x.text("body", null), mix.requests(), mix.values(), mix.seed()));
            x.rejectUnknown();
        }
        Duration duration = f.duration("duration", Duration.ofSeconds(10));
        Duration warmup = f.duration("warmup", Duration.ofSeconds(2));
        Duration timeout = f.duration("timeout", Duration.ofSeconds(2));
        double link = f.number("linkMbps", Double.NaN);
        int repeats = f.integer("repeats", 1);
        boolean calibrate = f.bool("calibrate", false);
        JsonNode warmupNode = obj.get("warmupPass");
        Boolean warmupPass = warmupNode == null || warmupNode.isNull() ? null : f.bool("warmupPass", false);
        f.known("warmupPass");
        JsonNode agentsNode = obj.get(AgentsField.NAME);
        f.known(AgentsField.NAME);
        String onAgents = agentsNode == null || agentsNode.isNull() ? null
                : AgentsField.read(agentsNode, http, kinds, agents, v, ExperimentSpec.AUTO);
        f.known(ProtocolsField.NAME);
        List<ExperimentProtocol> protocols = ProtocolsField.read(obj.get(ProtocolsField.NAME), limits, http, v);
        SearchSpec search = null;
        JsonFields s = f.object("search");
        if (s != null) {
            search = new SearchSpec(s.number("p99Millis", 0), s.number("maxErrorRate", 0.01), s.number("startRate", 100),
                    s.number("maxRate", 100_000), s.integer("maxSteps", 10), s.number("precision", 0.05));
            s.rejectUnknown();
        }

        for (int i = 0; i < variants.size(); i++) {
            Variant x = variants.get(i);
            String at = "variants[" + i + "].";
            if (x.isTemplate()) {
                continue; // its own kind's limits, checked as its cells are read (RunField.check)
            }
            v.check(x.connections() <= limits.maxConnections(), at + "connections",
                    "must be at most " + limits.maxConnections() + " (loadgen.limits.max-connections)");
            v.check(x.threads() <= limits.maxThreads(), at + "threads", "must be at most " + limits.maxThreads() + " (loadgen.limits.max-threads)");
            limits.checkRate(v, at + "rate", x.rate());
            v.check(x.body() == null || x.body().getBytes(StandardCharsets.UTF_8).length <= limits.maxBodyBytes(),
                    at + "body", "must be at most " + limits.maxBodyBytes() + " bytes (loadgen.limits.max-body-bytes)");
        }
        if (search != null) {
            limits.checkRate(v, "search.startRate", search.startRate());
            limits.checkRate(v, "search.maxRate", search.maxRate());
        }
        limits.checkPace(v, 0, duration, warmup);
        limits.checkTimeout(v, "timeout", timeout);
        boolean spread = agentsNode != null && !agentsNode.isNull(); // asked, even where the agents field is refused
        for (int i = 0; i < variants.size() && spread; i++) { // every cell would fail splitting: named now
            String at = "variants[" + i + "].values.";
            Map<String, ValueSpec> values = variants.get(i).values();
            if (values != null) {
                values.forEach((key, x) -> v.check(x.file() == null, at + key + ".file", HttpRunSpec.NO_DATA_FILES_ON_AGENTS));
            }
        }
        int onEach = onAgents == null || ExperimentSpec.AUTO.equals(onAgents) ? -1
                : DistributedRunSpec.ALL.equals(onAgents) ? agents.knownCount() : DistributedRunSpec.count(onAgents);
        RunField.check(variants, targets, duration, warmup, onEach, spread, search != null, protocols != null, kinds, v);
        for (int i = 0; i < variants.size() && onEach > 0; i++) { // the cut each cell will make, named now
            Variant x = variants.get(i);
            if (x.isTemplate()) {
                continue;
            }
            v.check(x.threads() >= onEach, "variants[" + i + "].threads", x.threads() + " cannot be split over "
                    + onEach + " agents: each needs at least 1");
            v.check(x.rate() == 0 || x.rate() / onEach >= RateSchedule.MIN_PER_SECOND, "variants[" + i + "].rate",
                    x.rate() + "/s over " + onEach + " agents is below the minimum " + RateSchedule.MIN_PER_SECOND
                            + "/s each");
        }
        GateSpec thresholds = thresholds(obj, f, v, onAgents == null ? http : distributed, search != null);
        f.known(ThresholdsField.BASELINE);
        String baseline = ThresholdsField.baseline(obj.get(ThresholdsField.BASELINE), v);
        Double linkMbps = Double.isNaN(link) ? null : link;
        SearchSpec searched = search;
        ExperimentSpec spec = f.build(() -> new ExperimentSpec(name, targets, variants, duration, warmup, timeout,
                linkMbps, searched, repeats, calibrate, onAgents, protocols, thresholds, baseline, warmupPass));
        if (spec != null) {
            long planned = spec.maxRuns();
            v.check(planned <= config.maxRuns(), "runsPlanned", "the experiment would start up to "
                    + (planned == Long.MAX_VALUE ? "more than " + Long.MAX_VALUE : planned) + " runs, more than "
                    + config.maxRuns() + " (loadgen.experiments.max-runs)");
        }
        v.throwIfAny();
        return spec;
    }

    /** Every cell's thresholds, of the cells' kind; a rate search's probes are not cells and are not judged. */
    private static GateSpec thresholds(ObjectNode obj, JsonFields f, Violations v, RunKind<?, ?> cells,
                                       boolean searching) {
        f.known(ThresholdsField.NAME);
        JsonNode asked = obj.get(ThresholdsField.NAME);
        if (searching && asked != null && !asked.isNull()) {
            v.add(ThresholdsField.NAME, "a rate search's probes are not judged: ask thresholds of an experiment "
                    + "without search");
            return null;
        }
        return ThresholdsField.read(asked, cells, v);
    }

    /**
     * The array {@code field}'s elements, or null with a violation when it has more than {@code cap}: counted before
     * any element is read, so an oversized list neither fills memory nor names each of its elements' faults.
     */
    private static List<JsonFields> capped(ObjectNode obj, JsonFields f, Violations v, String field, int cap,
                                           String setting) {
        JsonNode n = obj.get(field);
        if (n != null && n.isArray() && n.size() > cap) {
            f.known(field);
            v.add(field, n.size() + " entries, more than " + cap + " (loadgen.experiments." + setting + ")");
            return null;
        }
        return f.objects(field);
    }

    /** A {@code resources} object; null when absent (the builtin default). */
    private static ResourceSpec resources(JsonFields r) {
        if (r == null) {
            return null;
        }
        ResourceSpec spec = new ResourceSpec(r.text("source", null), r.uri("url"), r.text("preset", null),
                r.stringMap("match", MAX_MAP, MAX_MAP_CHARS), r.text("cpus", null), r.text("device", null),
                r.stringMap("queries", Figure.values().length, MAX_MAP_CHARS), r.duration("timeout", null));
        r.rejectUnknown();
        return spec;
    }

    /**
     * Every address load, probes or scrapes will go to: each target's API (and its TLS address when a protocol speaks
     * TLS), each variant's request on them, its metrics, its iperf3 server, its download URL and its Prometheus server.
     * The guard resolves each now and again at connect time.
     */
    public static List<URI> destinations(ExperimentSpec spec) {
        List<URI> out = new ArrayList<>();
        spec.targets().forEach(t -> {
            for (ExperimentProtocol p : spec.cellProtocols()) {
                URI base = t.base(p);
                out.add(base);
                spec.variants().stream().filter(Variant::carriesRequest).forEach(v -> out.add(v.request(base)));
            }
            spec.variants().stream().filter(Variant::isTemplate)
                    .forEach(v -> out.add(URI.create(v.run().on(t.url(), spec.duration(), spec.warmup()).path("target").asText())));
            for (URI u : new URI[]{t.metrics(), t.iperf(), t.download(), t.resources().url(), t.tlsUrl()}) {
                if (u != null) {
                    out.add(u);
                }
            }
        });
        return out.stream().distinct().toList();
    }
}
