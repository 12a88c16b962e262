package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.report.HistogramCodec;
import io.loadlab.loadgen.run.CellFigures;
import io.loadlab.loadgen.run.GateFigures;
import io.loadlab.loadgen.run.RunProgress;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.UrlSecrets;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.function.UnaryOperator;

/**
 * HTTP runs as the rest of the loadgen sees them: the spec's JSON, wrk's text, outcome and local port meters, and the figures of a cell. A
 * {@code @Singleton}, as the other kinds: the contract is a class with a constructor, which a client proxy cannot wrap.
 */
@Singleton
public class HttpKind extends RunKind<HttpRunSpec, HttpReport> {

    /** The figures thresholds may name on an http run (and on a distributed one, merged): README "Thresholds". */
    static final Set<String> GATE = Stream.of(GateFigures.ERRORS, GateFigures.LATENCY, GateFigures.PACE,
            Set.of("tlsHandshakeP50Millis",
                    "tlsHandshakeP90Millis", "tlsHandshakeP99Millis", "tlsHandshakeP999Millis",
                    "tlsHandshakeMaxMillis", "tlsHandshakeMeanMillis")).flatMap(Set::stream).collect(Collectors.toUnmodifiableSet());

    private final HttpOutcomeMeters meters;
    private final LocalPortMeters ports;
    private final HttpSpecReader reader;
    private final HttpRunDriver driver;

    /** A kind whose specs may name no data file and that starts no run (tests of what needs neither). */
    public HttpKind(HttpOutcomeMeters meters, LocalPortMeters ports, LimitsConfig limits) {
        this(meters, ports, limits, name -> Optional.empty());
    }

    /** A kind that reads and counts but starts no run (tests of its reader). */
    public HttpKind(HttpOutcomeMeters meters, LocalPortMeters ports, LimitsConfig limits, DataFiles files) {
        this(meters, ports, limits, files, null);
    }

    @Inject
    public HttpKind(HttpOutcomeMeters meters, LocalPortMeters ports, LimitsConfig limits, DataFiles files,
                    HttpRunDriver driver) {
        super(HttpRunSpec.KIND, HttpRunSpec.class, HttpReport.class);
        this.meters = meters;
        this.ports = ports;
        this.reader = new HttpSpecReader(limits, files);
        this.driver = driver;
    }

    @Override
    public HttpRunSpec read(JsonFields fields) {
        return reader.read(fields);
    }

    /** HTTP's intervals carry every counter and histogram its report has: agents' parts merge exactly. */
    @Override
    public boolean splits() {
        return true;
    }

    @Override
    protected List<HttpRunSpec> split(HttpRunSpec spec, int n) {
        return HttpSplit.split(spec, n);
    }

    /** The open model's rate; empty for the closed model (rate 0). */
    @Override
    protected OptionalDouble rate(HttpRunSpec spec) {
        return spec.rate() > 0 ? OptionalDouble.of(spec.rate()) : OptionalDouble.empty();
    }

    /** @throws IllegalStateException for a kind built by hand without a driver (a reader's test) */
    @Override
    protected LoadRun start(HttpRunSpec spec) {
        if (driver == null) {
            throw new IllegalStateException("this http kind was built without a driver");
        }
        return driver.start(spec);
    }

    @Override
    public Optional<String> textLayout() {
        return Optional.of("wrk");
    }

    @Override
    protected Optional<String> text(HttpRunSpec spec, HttpReport report, String histogram) {
        return Optional.of(WrkTextReport.render(spec.target(), spec.duration(), spec.threads(), spec.connections(),
                report, histogram == null ? null : HistogramCodec.decode(histogram)));
    }

    /**
     * Header values and bodies, the run's and each mix entry's, inline value lists, and the target's and paths'
     * userinfo and query values ({@link UrlSecrets}) may carry credentials (an {@code Authorization} value, a token per
     * user, {@code ?api_key=}); names, weights, paths and where values come from stay. A list
     * becomes one redacted value: its length is nobody's business either, and a million copies of the mark would be a
     * 7 MB answer.
     */
    @Override
    protected HttpRunSpec redact(HttpRunSpec s, UnaryOperator<RunSpec> inner) {
        List<RequestSpec> requests = s.requests().stream().map(r -> r.redacted(RunSpec.REDACTED)).toList();
        Map<String, ValueSpec> values = new LinkedHashMap<>();
        s.values().forEach((name, v) -> values.put(name, v.redacted(RunSpec.REDACTED)));
        return new HttpRunSpec(UrlSecrets.redacted(s.target()), s.method(), redacted(s.headers()), redacted(s.body()), s.connections(),
                s.threads(), s.duration(), s.warmup(), s.rate(), s.keepAlive(), s.timeout(), s.protocol(), s.streams(),
                s.tls() == null ? null : s.tls().redacted(), requests, values, s.seed());
    }

    /** The TLS key ({@code tls.key}) is shown to nobody, token or not: only the run uses it. */
    @Override
    protected HttpRunSpec hideKeys(HttpRunSpec s, UnaryOperator<RunSpec> inner) {
        if (s.tls() == null || s.tls().key() == null) {
            return s;
        }
        return new HttpRunSpec(s.target(), s.method(), s.headers(), s.body(), s.connections(), s.threads(), s.duration(),
                s.warmup(), s.rate(), s.keepAlive(), s.timeout(), s.protocol(), s.streams(), s.tls().redacted(),
                s.requests(), s.values(), s.seed());
    }

    private static Map<String, String> redacted(Map<String, String> headers) {
        Map<String, String> out = new LinkedHashMap<>();
        headers.keySet().forEach(name -> out.put(name, RunSpec.REDACTED));
        return out;
    }

    private static String redacted(String body) {
        return body == null || body.isEmpty() ? body : RunSpec.REDACTED;
    }

    @Override
    protected void count(HttpRunSpec spec, HttpReport report) {
        meters.count(report);
        ports.count(report);
    }

    @Override
    public boolean drivesCells() {
        return true;
    }

    @Override
    protected Optional<CellFigures> figures(HttpReport r) {
        HttpErrors errs = errors(r);
        return Optional.of(new CellFigures(r.durationSeconds(), r.bytesReceived(), r.requestsPerSecond(),
                r.latencyMicros(), errs.total(), r.requests() + errs.unanswered(),
                r.requestedRate(), r.achievedRate(), 1, null, HttpProtocolFigures.of(r))
                .withRequestsByName(RequestReport.requestsByName(r.mix())));
    }

    /**
     * The figures of {@link #GATE}: errors by all kinds over answered requests and errors, latency as the report
     * measured it (corrected for coordinated omission in the open model), {@code achievedRateRatio} in the open
     * model only, the TLS handshake's latency when it spoke TLS, and {@code trustworthy}: 1 when the generator was not
     * disturbed, every connection opened, and (open model) it sent every request due, else 0.
     */
    @Override
    protected Map<String, Double> gateFigures(HttpRunSpec spec, HttpReport r) {
        HttpErrors errs = errors(r);
        boolean open = r.requestedRate() > 0;
        // achievedRate is sent / duration and requestedRate x duration need not be whole: one request's slack
        double slack = r.durationSeconds() > 0 ? 1 / r.durationSeconds() : 0;
        boolean didAll = !open || r.achievedRate() + slack >= r.requestedRate();
        GateFigures f = new GateFigures().errors(r.requests(), errs.total())
                .put("requestsPerSecond", r.requestsPerSecond())
                .latency(r.latencyMicros())
                .put("trustworthy", r.disturbed() == null && r.connectionsNeverOpened() == 0 && didAll ? 1 : 0);
        if (open) {
            f.put("achievedRateRatio", r.achievedRate() / r.requestedRate());
        }
        if (r.tls() != null) {
            f.latency("tlsHandshake", r.tls().handshakeMicros());
        }
        return f.map();
    }

    @Override
    public Set<String> gateFigureNames() {
        return GATE;
    }

    @Override
    public Set<String> liveGateFigureNames() {
        return GateFigures.ERRORS;
    }

    /** From the live progress of the measured part: answered requests, errors of every kind, and their rate. */
    @Override
    public Map<String, Double> liveGateFigures(RunSpec spec, RunProgress progress) {
        return GateFigures.liveErrors(progress);
    }

    static HttpErrors errors(HttpReport r) {
        return r.errors() == null ? new HttpErrors(0, 0, 0, 0, 0) : r.errors();
    }
}
