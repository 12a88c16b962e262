package io.loadlab.loadgen.http;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.Violations;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Reads {@code "kind": "http"} specs. Defaults are wrk's: 10 connections, 2 threads (at most one per
 * connection), 10s, 2s timeout, keep-alive, closed model.
 */
final class HttpSpecReader {

    private final LimitsConfig limits;

    HttpSpecReader(LimitsConfig limits) {
        this.limits = limits;
    }

    /** @see io.loadlab.loadgen.run.RunKindDefinition#read */
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

        return f.build(() -> new HttpRunSpec(target, method, headers, body, connections, threads, duration, warmup,
                rate, keepAlive, timeout, protocol, streams, tls));
    }
}
