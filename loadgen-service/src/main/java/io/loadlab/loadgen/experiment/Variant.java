package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * One way of loading a target: what is asked and how the load is applied. The request is either our target's
 * ({@code number}: {@code POST {"number":N}} to the target's url) or any request, as an http run spec carries it
 * ({@code method}, {@code path} resolved against the target's url or an absolute {@code url}, {@code headers},
 * {@code body}).
 *
 * @param number      items per answer ({@code {"number":N}}), about 88 bytes each; 0 when the variant carries a request
 * @param connections concurrent connections
 * @param threads     the loadgen's event loops
 * @param keepAlive   false: a new connection per request
 * @param rate        0: closed model; above 0: open model at this many requests per second
 * @param name        the variant's label in tables and metrics; null: made from the request ({@link #label()})
 * @param method      GET (default with a path or url), POST ...
 * @param path        resolved against each target's url, e.g. {@code /api/cart?id=7}
 * @param url         an absolute http:// URL, the same for every target
 * @param headers     extra request headers
 * @param body        the request body, UTF-8
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Variant(int number, int connections, int threads, boolean keepAlive, double rate, String name,
                      String method, String path, URI url, Map<String, String> headers, String body) {

    public Variant {
        headers = headers == null || headers.isEmpty() ? null : Map.copyOf(headers);
    }

    /** Our target's request, {@code {"number":N}}. */
    public Variant(int number, int connections, int threads, boolean keepAlive, double rate) {
        this(number, connections, threads, keepAlive, rate, null, null, null, null, null, null);
    }

    /** True when the variant carries its own request rather than our target's {@code number}. */
    public boolean carriesRequest() {
        return path != null || url != null;
    }

    /**
     * Where the request goes on a target at {@code base}: the absolute {@code url}, or {@code path} resolved against
     * {@code base} ({@code /index.html} against {@code http://h:8080/test/testApi} is {@code http://h:8080/index.html}).
     *
     * @throws IllegalArgumentException when the path is not a valid URI reference
     */
    public URI request(URI base) {
        return url != null ? url : base.resolve(path);
    }

    /** The longest request path a label shows. */
    static final int LABEL_PATH = 40;

    /**
     * Short and stable, used in tables and as a metric label: the name, else {@code n=10 c=50},
     * {@code n=391 c=50 close r=300}, or for a request {@code GET /index.html c=16} (path or url cut to 40 characters).
     */
    public String label() {
        if (name != null) {
            return name;
        }
        StringBuilder s = new StringBuilder();
        if (carriesRequest()) {
            String where = path != null ? path : url.toString();
            s.append(method == null ? "GET" : method.toUpperCase(Locale.ROOT)).append(' ')
                    .append(where.length() > LABEL_PATH ? where.substring(0, LABEL_PATH) : where);
        } else {
            s.append("n=").append(number);
        }
        s.append(" c=").append(connections);
        if (!keepAlive) {
            s.append(" close");
        }
        if (rate > 0) {
            s.append(" r=").append(rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate));
        }
        return s.toString();
    }

    public Variant atRate(double r) {
        return new Variant(number, connections, threads, keepAlive, r, name, method, path, url, headers, body);
    }
}
