package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run's one HTTP/2 request, built once: a single {@link Http2Headers} every stream sends (the HPACK encoder only
 * reads it, and indexes the fields after the first request, so each later HEADERS frame is a few bytes) and the
 * body in one direct buffer every stream writes a view of.
 */
final class H2Request implements AutoCloseable {

    /** Connection-specific fields HTTP/2 forbids (RFC 9113 8.2.2), and those the pseudo-headers replace. */
    private static final Set<String> DROPPED = Set.of("host", "connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade", "content-length");

    private final Http2Headers headers;
    private final ByteBuf body;

    private H2Request(Http2Headers headers, ByteBuf body) {
        this.headers = headers;
        this.body = body;
    }

    static H2Request of(HttpRunSpec spec) {
        return of(spec, spec.method(), MixEntry.urlPath(spec.target()), spec.headers(), spec.body());
    }

    /** A request of the run's target: one entry of a mix without placeholders, or the run's one request. */
    static H2Request of(HttpRunSpec spec, String method, String path, Map<String, String> headers, String text) {
        URI target = spec.target();
        byte[] body = text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
        Http2Headers h = new DefaultHttp2Headers()
                .method(method)
                .scheme(spec.secure() ? "https" : "http")
                .authority(RequestTemplate.hostHeader(target))
                .path(path);
        boolean typed = false;
        for (Map.Entry<String, String> e : headers.entrySet()) {
            String name = e.getKey().toLowerCase(Locale.ROOT); // HTTP/2 field names are lowercase
            if (sent(name, e.getValue())) {
                h.add(name, e.getValue());
                typed |= name.equals("content-type");
            }
        }
        if (body.length > 0 && !typed) {
            h.add("content-type", "application/json"); // as RequestTemplate: every target here speaks JSON
        }
        if (body.length > 0 || Set.of("POST", "PUT", "PATCH").contains(method)) {
            h.add("content-length", Integer.toString(body.length));
        }
        ByteBuf direct = body.length == 0 ? null : Unpooled.directBuffer(body.length).writeBytes(body);
        return new H2Request(h, direct);
    }

    /** A field HTTP/2 may carry ({@code name} lowercase): not connection-specific, {@code te} only as "trailers". */
    static boolean sent(String name, String value) {
        return !DROPPED.contains(name) && !(name.equals("te") && !value.equalsIgnoreCase("trailers"));
    }

    /** The request's header block; shared: never modify it. */
    Http2Headers headers() {
        return headers;
    }

    boolean hasBody() {
        return body != null;
    }

    /**
     * A view of the body the network may "release" without freeing it; a stream keeps one and rewinds it for each
     * request once the previous one was written out.
     */
    ByteBuf bodyView() {
        return Unpooled.unreleasableBuffer(body.duplicate());
    }

    /** Frees the body; call once every connection is closed. */
    @Override
    public void close() {
        if (body != null) {
            body.release();
        }
    }
}
