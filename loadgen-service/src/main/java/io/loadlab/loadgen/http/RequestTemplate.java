package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run's one request, encoded once. Every connection writes a view of the same bytes
 * ({@link #view()}): nothing is encoded or copied per request.
 */
final class RequestTemplate implements AutoCloseable {

    private static final Set<String> ENGINE_HEADERS = Set.of("host", "content-length", "connection");

    private final ByteBuf bytes;
    private final boolean head;

    private RequestTemplate(ByteBuf bytes, boolean head) {
        this.bytes = bytes;
        this.head = head;
    }

    static RequestTemplate of(HttpRunSpec spec) {
        byte[] encoded = encode(spec).getBytes(StandardCharsets.UTF_8);
        ByteBuf direct = Unpooled.directBuffer(encoded.length).writeBytes(encoded);
        return new RequestTemplate(direct, "HEAD".equals(spec.method()));
    }

    /** A request already encoded: a static entry of a mix. */
    static RequestTemplate of(byte[] encoded, boolean head) {
        return new RequestTemplate(Unpooled.directBuffer(encoded.length).writeBytes(encoded), head);
    }

    /** The request as text: head and body, as written on the wire. */
    static String encode(HttpRunSpec spec) {
        URI target = spec.target();
        String body = spec.body() == null ? "" : spec.body();
        int bodyLength = body.getBytes(StandardCharsets.UTF_8).length;
        StringBuilder head = new StringBuilder(256);
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        head.append(spec.method()).append(' ').append(path);
        if (target.getRawQuery() != null) {
            head.append('?').append(target.getRawQuery());
        }
        head.append(" HTTP/1.1\r\nHost: ").append(hostHeader(target)).append("\r\n");
        boolean typed = false;
        for (Map.Entry<String, String> h : spec.headers().entrySet()) {
            String lower = h.getKey().toLowerCase(Locale.ROOT);
            if (!ENGINE_HEADERS.contains(lower)) {
                head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
                typed |= lower.equals("content-type");
            }
        }
        if (bodyLength > 0 && !typed) {
            // every target of this toolkit speaks JSON, and a body without a type earns a 415
            head.append("Content-Type: application/json\r\n");
        }
        if (bodyLength > 0 || Set.of("POST", "PUT", "PATCH").contains(spec.method())) {
            head.append("Content-Length: ").append(bodyLength).append("\r\n");
        }
        if (!spec.keepAlive()) {
            head.append("Connection: close\r\n");
        }
        return head.append("\r\n").append(body).toString();
    }

    /** The Host header (HTTP/1.1) or :authority (HTTP/2) of a target: IPv6 literals in brackets, the port if given. */
    static String hostHeader(URI target) {
        String host = target.getHost();
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return target.getPort() < 0 ? host : host + ":" + target.getPort();
    }

    /**
     * A view of the request with its own indices that the network may "release" without freeing
     * the bytes. A connection keeps one and rewinds it for each request, so writes allocate nothing.
     */
    ByteBuf view() {
        return Unpooled.unreleasableBuffer(bytes.duplicate());
    }

    int length() {
        return bytes.readableBytes();
    }

    boolean head() {
        return head;
    }

    /** Frees the bytes; call once every connection is closed. */
    @Override
    public void close() {
        bytes.release();
    }
}
