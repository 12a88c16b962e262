package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.TemplateText;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One request of a mix, compiled for the run's protocol. Without placeholders it is encoded once, as the run's one
 * request always was ({@link RequestTemplate}, {@link H2Request}): every slot writes a view of the same bytes. With
 * them, HTTP/1.1 is one {@link ByteTemplate} of the whole message (its {@code Content-Length} computed per request);
 * HTTP/2 a template per field.
 */
final class MixEntry implements AutoCloseable {

    private static final Set<String> ENGINE_HEADERS = Set.of("host", "content-length", "connection");
    private static final Set<String> BODY_METHODS = Set.of("POST", "PUT", "PATCH");

    final String name;
    final boolean head;
    /** Static entries: the bytes every slot writes (HTTP/1.1) or the headers and body (HTTP/2); null otherwise. */
    final RequestTemplate fixed;
    final H2Request fixedH2;
    /** Templated HTTP/1.1 entries: the message; null otherwise. */
    final ByteTemplate message;
    /** Templated HTTP/2 entries: the path, header values and body; null otherwise. */
    final H2Template h2;

    private MixEntry(String name, boolean head, RequestTemplate fixed, H2Request fixedH2, ByteTemplate message,
                     H2Template h2) {
        this.name = name;
        this.head = head;
        this.fixed = fixed;
        this.fixedH2 = fixedH2;
        this.message = message;
        this.h2 = h2;
    }

    static MixEntry compile(HttpRunSpec spec, RequestSpec r, Map<String, Integer> ids, EncodedValues[] values) {
        boolean head = "HEAD".equals(r.method());
        TemplateText path = r.path() == null ? TemplateText.parse(urlPath(spec.target()).replace("${", "$${"))
                : TemplateText.parse(r.path());
        Map<String, TemplateText> headers = new LinkedHashMap<>();
        r.headers().forEach((n, v) -> headers.put(n, TemplateText.parse(v)));
        TemplateText body = TemplateText.parse(r.body() == null ? "" : r.body());
        boolean templated = !path.isStatic() || !body.isStatic() || headers.values().stream().anyMatch(t -> !t.isStatic());
        if (spec.protocol().http2()) {
            if (!templated) {
                Map<String, String> literal = new LinkedHashMap<>();
                headers.forEach((n, t) -> literal.put(n, t.literalText()));
                return new MixEntry(r.name(), head, null, H2Request.of(spec, r.method(), path.literalText(), literal,
                        body.literalText()), null, null);
            }
            return new MixEntry(r.name(), head, null, null, null, H2Template.compile(spec, r.method(), path, headers,
                    body, ids, values));
        }
        ByteTemplate message = http1(spec, r.method(), path, headers, body, ids, values);
        if (!templated) {
            return new MixEntry(r.name(), head, RequestTemplate.of(message.bytes(new int[0], values), head), null,
                    null, null);
        }
        return new MixEntry(r.name(), head, null, null, message, null);
    }

    /** The URL's raw path and query: a request without a path of its own sends the target's. */
    static String urlPath(URI target) {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        return target.getRawQuery() == null ? path : path + "?" + target.getRawQuery();
    }

    /** As {@link RequestTemplate#encode}, with holes: the same head, header order and defaults. */
    private static ByteTemplate http1(HttpRunSpec spec, String method, TemplateText path,
                                      Map<String, TemplateText> headers, TemplateText body, Map<String, Integer> ids,
                                      EncodedValues[] values) {
        ByteTemplate.Builder b = new ByteTemplate.Builder(ids, values);
        b.literal(method + " ").text(path, ValueEncoding.PATH)
                .literal(" HTTP/1.1\r\nHost: " + RequestTemplate.hostHeader(spec.target()) + "\r\n");
        boolean typed = false;
        for (Map.Entry<String, TemplateText> h : headers.entrySet()) {
            String lower = h.getKey().toLowerCase(Locale.ROOT);
            if (!ENGINE_HEADERS.contains(lower)) {
                b.literal(h.getKey() + ": ").text(h.getValue(), ValueEncoding.HEADER).literal("\r\n");
                typed |= lower.equals("content-type");
            }
        }
        boolean hasBody = !body.parts().isEmpty();
        if (hasBody && !typed) {
            b.literal("Content-Type: application/json\r\n"); // as RequestTemplate: every target here speaks JSON
        }
        if (hasBody || BODY_METHODS.contains(method)) {
            b.literal("Content-Length: ").contentLength().literal("\r\n");
        }
        if (!spec.keepAlive()) {
            b.literal("Connection: close\r\n");
        }
        return b.literal("\r\n").body().text(body, null).build();
    }

    @Override
    public void close() {
        if (fixed != null) {
            fixed.close();
        }
        if (fixedH2 != null) {
            fixedH2.close();
        }
    }
}
