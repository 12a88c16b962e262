package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code "kind": "http"} specs. Defaults are wrk's: 10 connections, 2 threads (at most one per
 * connection), 10s, 2s timeout, keep-alive, closed model. A mix's values are resolved here, data files read, so
 * every fault of a spec (a missing file or column, a malformed CSV line, a value that would break a header, values or
 * their encodings that would not fit in the heap) is a 400 at {@code POST /runs}, not a run that fails once started.
 */
final class HttpSpecReader {

    private final LimitsConfig limits;
    private final DataFiles files;
    private final MixReader mix;

    HttpSpecReader(LimitsConfig limits, DataFiles files) {
        this.limits = limits;
        this.files = files;
        this.mix = new MixReader(limits);
    }

    /** @see io.loadlab.loadgen.run.RunKind#read */
    HttpRunSpec read(JsonFields f) {
        URI target = f.uri("target");
        String method = f.text("method", "GET");
        Map<String, String> headers = f.stringMap("headers");
        String body = f.text("body", null);
        int connections = f.integer("connections", 10);
        int threads = f.integer("threads", Math.max(1, Math.min(2, connections)));
        Duration duration = f.duration("duration", Duration.ofSeconds(10));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        double rate = f.number("rate", 0);
        boolean keepAlive = f.bool("keepAlive", true);
        Duration timeout = f.duration("timeout", Duration.ofSeconds(2));
        String protocolName = f.text("protocol", HttpProtocol.HTTP_1_1.id());
        HttpProtocol protocol = HttpProtocol.of(protocolName);
        int streams = f.integer("streams", 1);
        TlsSpec tls = new TlsSpecReader(limits).read(f.object("tls"));
        List<RequestSpec> requests = mix.requests(f);
        Map<String, ValueSpec> values = mix.values(f);
        long seed = f.longInteger("seed", 0);
        Violations v = f.violations();
        v.check(protocol != null, "protocol", "must be one of " + HttpProtocol.ids());
        v.check(streams >= 1, "streams", "must be at least 1");
        v.check(streams <= limits.maxStreams(), "streams", "must be at most " + limits.maxStreams() + " (loadgen.limits.max-streams)");
        v.check(connections <= limits.maxConnections(), "connections", "must be at most " + limits.maxConnections() + " (loadgen.limits.max-connections)");
        v.check(threads <= limits.maxThreads(), "threads", "must be at most " + limits.maxThreads() + " (loadgen.limits.max-threads)");
        limits.checkPace(v, rate, duration, warmup);
        limits.checkTimeout(v, "timeout", timeout);
        v.check(body == null || body.getBytes(StandardCharsets.UTF_8).length <= limits.maxBodyBytes(), "body",
                "must be at most " + limits.maxBodyBytes() + " bytes (loadgen.limits.max-body-bytes)");
        v.check(headers == null || headers.size() <= limits.maxHeaders(), "headers",
                "must be at most " + limits.maxHeaders() + " headers (loadgen.limits.max-headers)");

        return f.build(() -> {
            HttpRunSpec spec = new HttpRunSpec(target, method, headers, body, connections, threads, duration, warmup,
                    rate, keepAlive, timeout, protocol, streams, tls, requests, values, seed);
            if (spec.templated()) {
                // compiled as the run's start will, so a value that cannot stand where it lands, or whose encoding for
                // it would not fit in the heap, is a 400 here; a file's values and encodings stay shared for the start
                RequestMix.compile(spec, ValueTables.resolve(spec.values(), files)).close();
            }
            return spec;
        });
    }
}
