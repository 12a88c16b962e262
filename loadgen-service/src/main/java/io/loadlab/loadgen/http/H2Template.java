package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.TemplateText;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A templated HTTP/2 request: its path, header values and body as {@link ByteTemplate}s. Its header block is built
 * per request, a small allocation beside Netty's HTTP/2 codec, which already allocates about 1.9 KB per request
 * (streams, frames, promises); the body is rendered into the stream's own buffer.
 */
final class H2Template {

    private final String method;
    private final String scheme;
    private final String authority;
    private final ByteTemplate path;
    private final List<AsciiString> names;
    private final List<ByteTemplate> fields;
    private final ByteTemplate body;
    private final boolean typed;
    private final boolean length;
    private final int[] placeholders;

    private H2Template(String method, String scheme, String authority, ByteTemplate path, List<AsciiString> names,
                       List<ByteTemplate> fields, ByteTemplate body, boolean typed, boolean length) {
        this.method = method;
        this.scheme = scheme;
        this.authority = authority;
        this.path = path;
        this.names = names;
        this.fields = fields;
        this.body = body;
        this.typed = typed;
        this.length = length;
        Set<Integer> used = new LinkedHashSet<>();
        for (int id : path.placeholders()) {
            used.add(id);
        }
        for (ByteTemplate f : fields) {
            for (int id : f.placeholders()) {
                used.add(id);
            }
        }
        for (int id : body.placeholders()) {
            used.add(id);
        }
        this.placeholders = used.stream().mapToInt(Integer::intValue).toArray();
    }

    static H2Template compile(HttpRunSpec spec, String method, TemplateText path, Map<String, TemplateText> headers,
                              TemplateText body, Map<String, Integer> ids, EncodedValues[] values) {
        List<AsciiString> names = new ArrayList<>();
        List<ByteTemplate> fields = new ArrayList<>();
        boolean typed = false;
        for (Map.Entry<String, TemplateText> h : headers.entrySet()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (H2Request.sent(name, h.getValue().literalText())) {
                names.add(AsciiString.of(name));
                fields.add(new ByteTemplate.Builder(ids, values).text(h.getValue(), ValueEncoding.HEADER).build());
                typed |= name.equals("content-type");
            }
        }
        boolean hasBody = !body.parts().isEmpty();
        return new H2Template(method, spec.secure() ? "https" : "http", RequestTemplate.hostHeader(spec.target()),
                new ByteTemplate.Builder(ids, values).text(path, ValueEncoding.PATH).build(), names, fields,
                new ByteTemplate.Builder(ids, values).body().text(body, null).build(), typed || !hasBody,
                hasBody || Set.of("POST", "PUT", "PATCH").contains(method));
    }

    int[] placeholders() {
        return placeholders;
    }

    /** The longest body any values give. */
    int maxBody() {
        return body.maxLength();
    }

    /** The body's length with these values. */
    int bodyLength(int[] chosen, EncodedValues[] values) {
        return body.bodyLength(chosen, values);
    }

    boolean hasBody() {
        return body.maxLength() > 0;
    }

    /** The header block for these values; a new one per request (the codec's HPACK encoder only reads it). */
    Http2Headers headers(int[] chosen, EncodedValues[] values) {
        Http2Headers h = new DefaultHttp2Headers().method(method).scheme(scheme).authority(authority)
                .path(new AsciiString(path.bytes(chosen, values), false));
        for (int i = 0; i < names.size(); i++) {
            h.add(names.get(i), new AsciiString(fields.get(i).bytes(chosen, values), false));
        }
        if (!typed) {
            h.add("content-type", "application/json"); // as RequestTemplate: every target here speaks JSON
        }
        if (length) {
            h.add("content-length", Integer.toString(body.bodyLength(chosen, values)));
        }
        return h;
    }

    /** Writes the body for these values. */
    void body(ByteBuf out, int[] chosen, EncodedValues[] values) {
        body.render(out, chosen, values);
    }
}
