package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.Violations;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.loadlab.loadgen.mix.FieldValue;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.SeedStreams;
import io.loadlab.loadgen.mix.TemplateText;
import io.loadlab.loadgen.mix.ValueSpec;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An HTTP run, as wrk, wrk2, ab and h2load are driven: HTTP/1.1 in clear text or over TLS, HTTP/2 over TLS
 * ({@code h2}) or in clear text ({@code h2c}). Validated when built: every bad field is named
 * at once. Configured limits (connections, rate, duration, body size) are checked by the API's guards,
 * not here: they are policy, this is well-formedness.
 *
 * @param target      {@code http://host:port/path?query}
 * @param method      GET, POST, PUT, DELETE, PATCH, HEAD or OPTIONS
 * @param headers     extra request headers; Host, Content-Length and Connection are set by the engine
 * @param body        request body (UTF-8), null or empty for none
 * @param connections concurrent connections, shared round-robin between {@code threads} event loops
 * @param threads     event loops driving the connections
 * @param duration    measured part of the run
 * @param warmup      driven like the run before it, left out of the report
 * @param rate        0: closed model (wrk); above 0: open model at that many requests per second in total (wrk2 -R)
 * @param keepAlive   false: {@code Connection: close} and a new connection per request
 * @param timeout     a request without a complete answer after this long counts as a timeout error
 * @param protocol    {@code http/1.1} (the default), {@code h2} (needs https, agreed by ALPN) or {@code h2c} (needs
 *                    http, by prior knowledge)
 * @param streams     HTTP/2 only: concurrent streams per connection, as h2load's {@code -m}; capped by the server's
 *                    SETTINGS_MAX_CONCURRENT_STREAMS (the report says how many were used). 1 for HTTP/1.1
 * @param tls         https only (null for http): how TLS is spoken; {@link TlsSpec#DEFAULT} when not given
 * @param requests    a request mix (at most {@link RequestSpec#MAX_NAMES} names), empty for the run's one request (and
 *                    absent from the JSON then: the reader refuses {@code "requests": []}, and a controller hands its
 *                    agents the spec as JSON)
 *                    given by {@code method}, {@code headers} and {@code body}; with a mix, {@code headers} apply to
 *                    every entry (an entry's own of the same name win) and {@code body} must be absent
 * @param values      the {@code ${name}} placeholders' values; placeholders are read in the mix's paths, header
 *                    values and bodies, and in {@code headers} and {@code body}, whenever the spec has a mix or values
 * @param seed        every choice of the run (which entry, which random value) is drawn from streams derived from it
 *                    ({@link SeedStreams}): the same spec sends the same sequence on each connection. 0 when not given
 */
public record HttpRunSpec(URI target, String method, Map<String, String> headers, String body, int connections,
                          int threads, Duration duration, Duration warmup, double rate, boolean keepAlive,
                          Duration timeout, HttpProtocol protocol, int streams, TlsSpec tls,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RequestSpec> requests,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, ValueSpec> values,
                          long seed) implements RunSpec {

    public static final String KIND = "http";
    /**
     * Why a spec whose values come from a data file cannot be spread over agents: the uploads are this loadgen's
     * alone. Here, with the spec, because an experiment's reader names it too (before any cell is cut).
     */
    public static final String NO_DATA_FILES_ON_AGENTS = "agents have no data files: give the values as a list or a "
            + "range, or run on one loadgen";
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");

    /** The most concurrent streams one connection may ask; nginx's and Vert.x's default limit is 128 and 100. */
    public static final int MAX_STREAMS = 1000;

    /** An HTTP/1.1 run, over TLS with {@link TlsSpec#DEFAULT} when the target is {@code https://}. */
    public HttpRunSpec(URI target, String method, Map<String, String> headers, String body, int connections,
                       int threads, Duration duration, Duration warmup, double rate, boolean keepAlive,
                       Duration timeout) {
        this(target, method, headers, body, connections, threads, duration, warmup, rate, keepAlive, timeout,
                HttpProtocol.HTTP_1_1, 1, null);
    }

    /** A run of one request, HTTP/1.1 or HTTP/2: no mix, no values. */
    public HttpRunSpec(URI target, String method, Map<String, String> headers, String body, int connections,
                       int threads, Duration duration, Duration warmup, double rate, boolean keepAlive,
                       Duration timeout, HttpProtocol protocol, int streams, TlsSpec tls) {
        this(target, method, headers, body, connections, threads, duration, warmup, rate, keepAlive, timeout,
                protocol, streams, tls, List.of(), Map.of(), 0);
    }

    public HttpRunSpec {
        requests = requests == null ? List.of() : List.copyOf(requests);
        values = values == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(values));
        protocol = protocol == null ? HttpProtocol.HTTP_1_1 : protocol;
        streams = streams == 0 ? 1 : streams; // a spec kept before HTTP/2 has none; the API's reader refuses 0 itself
        boolean https = target != null && "https".equalsIgnoreCase(target.getScheme());
        tls = https && tls == null ? TlsSpec.DEFAULT : tls;
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        warmup = warmup == null ? Duration.ZERO : warmup;
        Violations v = new Violations();
        if (v.check(target != null, "target", "is required")) {
            v.check(https || "http".equalsIgnoreCase(target.getScheme()), "target", "must be an http:// or https:// URL");
            v.check(target.getHost() != null && !target.getHost().isEmpty(), "target", "must name a host");
        }
        v.check(METHODS.contains(method), "method", "must be one of " + METHODS);
        headers.forEach((name, value) -> {
            v.check(name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+"), "headers", "'" + name + "' is not a valid header name");
            String problem = value == null ? "null" : FieldValue.problem(value);
            v.check(problem == null, "headers", "value of '" + name + "' must not contain " + problem);
        });
        v.check(connections >= 1, "connections", "must be at least 1");
        v.check(threads >= 1, "threads", "must be at least 1");
        v.check(threads <= Math.max(connections, 1), "threads", "must not exceed connections");
        v.check(duration != null && !duration.isNegative() && !duration.isZero(), "duration", "must be above zero");
        v.check(!warmup.isNegative(), "warmup", "must not be negative");
        v.check(rate >= 0 && Double.isFinite(rate), "rate", "must be 0 (closed model) or a positive rate per second");
        v.check(!(tls != null && !https), "tls", "is for https:// targets only");
        v.check(!(protocol == HttpProtocol.H2 && !https), "protocol", "h2 needs an https:// target (h2c is HTTP/2 in clear text)");
        v.check(!(protocol == HttpProtocol.H2C && https), "protocol", "h2c needs an http:// target (h2 is HTTP/2 over TLS)");
        v.check(streams >= 1 && streams <= MAX_STREAMS, "streams", "must be from 1 to " + MAX_STREAMS);
        v.check(streams == 1 || protocol.http2(), "streams", "above 1 needs protocol h2 or h2c (HTTP/1.1 has one request in flight per connection)");
        v.check(streams == 1 || keepAlive, "streams", "above 1 needs keepAlive (without it a connection carries one request)");
        v.check(timeout != null && !timeout.isNegative() && !timeout.isZero(), "timeout", "must be above zero");
        checkMix(v, requests, values, body);
        if (v.isEmpty()) {
            checkPlaceholders(v, mixOf(requests, method, headers, body), values);
        }
        v.throwIfAny();
    }

    private static void checkMix(Violations v, List<RequestSpec> requests, Map<String, ValueSpec> values, String body) {
        v.check(requests.size() <= RequestSpec.MAX_NAMES, "requests", "must name at most " + RequestSpec.MAX_NAMES + " requests");
        Set<String> names = new HashSet<>();
        for (int i = 0; i < requests.size() && i < RequestSpec.MAX_NAMES; i++) {
            RequestSpec r = requests.get(i);
            if (v.check(r != null, "requests[" + i + "]", "must be an object")) {
                r.check(v, "requests[" + i + "]");
                v.check(r.name() == null || names.add(r.name()), "requests[" + i + "].name", "'" + r.name() + "' is named twice");
            }
        }
        v.check(requests.isEmpty() || body == null || body.isEmpty(), "body", "is given per request in a mix (requests[].body)");
        v.check(values.size() <= ValueSpec.MAX_PLACEHOLDERS, "values", "must define at most " + ValueSpec.MAX_PLACEHOLDERS + " placeholders");
        values.forEach((name, spec) -> {
            if (v.check(name.matches(ValueSpec.NAME_PATTERN), "values", "'" + name + "' is not a placeholder name ("
                    + ValueSpec.NAME_PATTERN + ")") && v.check(spec != null, "values." + name, "must be an object")) {
                spec.check(v, "values." + name);
            }
        });
    }

    /** Every {@code ${name}} used is defined in {@code values}: a run never sends a placeholder's own text. */
    private static void checkPlaceholders(Violations v, List<RequestSpec> mix, Map<String, ValueSpec> values) {
        boolean single = mix.size() == 1 && RequestSpec.SINGLE.equals(mix.get(0).name());
        if (single && values.isEmpty()) {
            return; // the one-request form without values: its text is sent as written
        }
        for (int i = 0; i < mix.size(); i++) {
            RequestSpec r = mix.get(i);
            String at = single ? "" : "requests[" + i + "].";
            unknown(v, at + "path", r.path(), values);
            r.headers().forEach((n, value) -> unknown(v, at + "headers." + n, value, values));
            unknown(v, at + "body", r.body(), values);
        }
    }

    private static void unknown(Violations v, String field, String text, Map<String, ValueSpec> values) {
        if (text != null) {
            for (String name : TemplateText.parse(text).placeholders()) {
                v.check(values.containsKey(name), field, "${" + name + "} is not defined in values");
            }
        }
    }

    /**
     * The requests this run sends: the mix, each entry's headers over the run's; or the run's one request, named
     * {@link RequestSpec#SINGLE}, with the target URL's path.
     */
    public List<RequestSpec> mix() {
        return mixOf(requests, method, headers, body);
    }

    private static List<RequestSpec> mixOf(List<RequestSpec> requests, String method, Map<String, String> headers,
                                           String body) {
        if (requests.isEmpty()) {
            return List.of(new RequestSpec(RequestSpec.SINGLE, 1, method, null, headers, body));
        }
        return requests.stream().map(r -> {
            Map<String, String> merged = new LinkedHashMap<>();
            headers.forEach((n, value) -> {
                if (r.headers().keySet().stream().noneMatch(n::equalsIgnoreCase)) {
                    merged.put(n, value);
                }
            });
            merged.putAll(r.headers());
            return new RequestSpec(r.name(), r.weight(), r.method(), r.path(), merged, r.body());
        }).toList();
    }

    /** True when the spec names a mix: its report has a figure per name. */
    public boolean hasMix() {
        return !requests.isEmpty();
    }

    /** True when placeholders are read: a mix or values given (the one-request form without values sends its text as written). */
    public boolean templated() {
        return hasMix() || !values.isEmpty();
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** True for an https:// target. */
    public boolean secure() {
        return tls != null;
    }

    /** True for wrk2's open model: requests scheduled at intended times, latency corrected for coordinated omission. */
    public boolean openModel() {
        return rate > 0;
    }

    @Override
    public int eventLoops() {
        return threads;
    }
}
