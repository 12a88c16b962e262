package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.run.RunSpec;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One way of loading a target: what is asked and how the load is applied. The request is either our target's
 * ({@code number}: {@code POST {"number":N}} to the target's url) or any request, as an http run spec carries it
 * ({@code method}, {@code path} resolved against the target's url or an absolute {@code url}, {@code headers},
 * {@code body}), or a request mix as an http run spec carries it ({@code requests}, {@code values}, {@code seed}): each
 * cell's run sends the mix, and is judged on the run's totals.
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
 * @param requests    a request mix, as an http run's {@code requests}; null for none. Entries' paths replace the path
 *                    of the target's url (or of the variant's {@code path}/{@code url}); the variant's headers apply to
 *                    every entry
 * @param values      the {@code ${name}} placeholders' values, as an http run's {@code values}; null for none
 * @param seed        the run's seed for choosing entries and random values; null: 0, as a run without one
 * @param run         a run of another kind than http, on each target's host ({@link RunTemplate}); null for an http
 *                    variant. With it, the fields above are 0 and unused
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Variant(int number, int connections, int threads, boolean keepAlive, double rate, String name,
                      String method, String path, URI url, Map<String, String> headers, String body,
                      List<RequestSpec> requests, Map<String, ValueSpec> values, Long seed, RunTemplate run) {

    public Variant {
        headers = headers == null || headers.isEmpty() ? null : Map.copyOf(headers);
        requests = requests == null || requests.isEmpty() ? null : List.copyOf(requests);
        values = values == null || values.isEmpty() ? null : Map.copyOf(values);
    }

    /** An http variant, as every one before {@code run}. */
    public Variant(int number, int connections, int threads, boolean keepAlive, double rate, String name,
                   String method, String path, URI url, Map<String, String> headers, String body,
                   List<RequestSpec> requests, Map<String, ValueSpec> values, Long seed) {
        this(number, connections, threads, keepAlive, rate, name, method, path, url, headers, body, requests, values,
                seed, null);
    }

    /** A variant whose cells are runs of {@code run}'s kind, labelled {@code name} (null: the kind). */
    public static Variant of(RunTemplate run, String name) {
        return new Variant(0, 0, 0, true, 0, name, null, null, null, null, null, null, null, null, run);
    }

    /** True when the variant's cells are runs of another kind ({@link #run}); not a JSON field. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isTemplate() {
        return run != null;
    }

    /** A variant of one request, ours or its own: no mix. */
    public Variant(int number, int connections, int threads, boolean keepAlive, double rate, String name,
                   String method, String path, URI url, Map<String, String> headers, String body) {
        this(number, connections, threads, keepAlive, rate, name, method, path, url, headers, body, null, null, null);
    }

    /** Our target's request, {@code {"number":N}}. */
    public Variant(int number, int connections, int threads, boolean keepAlive, double rate) {
        this(number, connections, threads, keepAlive, rate, null, null, null, null, null, null);
    }

    /** True when the variant carries its own request (or mix) rather than our target's {@code number}. */
    public boolean carriesRequest() {
        return path != null || url != null || requests != null;
    }

    /** True when the variant carries a request mix. */
    public boolean hasMix() {
        return requests != null;
    }

    /**
     * Where the request goes on a target at {@code base}: the absolute {@code url}, or {@code path} resolved against
     * {@code base} ({@code /index.html} against {@code http://h:8080/test/testApi} is {@code http://h:8080/index.html}),
     * or, for a mix that gives neither, {@code base} itself (its entries' paths replace the path).
     *
     * @throws IllegalArgumentException when the path is not a valid URI reference
     */
    public URI request(URI base) {
        return url != null ? url : path != null ? base.resolve(path) : base;
    }

    /** The longest request path a label shows. */
    static final int LABEL_PATH = 40;

    /**
     * Short and stable, used in tables and as a metric label: the name, else {@code n=10 c=50},
     * {@code n=391 c=50 close r=300}, for a request {@code GET /index.html c=16} (path or url cut to 40 characters),
     * or for a mix {@code mix get-item+add-to-cart c=16} (its names, cut to 40 characters).
     */
    public String label() {
        if (name != null) {
            return name;
        }
        if (run != null) {
            return run.kind();
        }
        StringBuilder s = new StringBuilder();
        if (hasMix()) {
            String names = requests.stream().map(RequestSpec::name).collect(Collectors.joining("+"));
            s.append("mix ").append(names.length() > LABEL_PATH ? names.substring(0, LABEL_PATH) : names);
        } else if (carriesRequest()) {
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

    /**
     * The variant as a reader without the token sees it, as a run's spec ({@link RunSpec#REDACTED}): header values,
     * bodies (its own and its entries') and inline value lists hidden; names, paths, weights, ranges and file names kept.
     */
    public Variant redacted() {
        List<RequestSpec> entries = requests == null ? null
                : requests.stream().map(r -> r.redacted(RunSpec.REDACTED)).toList();
        Map<String, ValueSpec> hiddenValues = values == null ? null : values.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().redacted(RunSpec.REDACTED)));
        return new Variant(number, connections, threads, keepAlive, rate, name, method, path, url, hidden(headers),
                hidden(body), entries, hiddenValues, seed, run);
    }

    private static Map<String, String> hidden(Map<String, String> headers) {
        return headers == null ? null : headers.keySet().stream().collect(Collectors.toMap(n -> n, n -> RunSpec.REDACTED));
    }

    private static String hidden(String body) {
        return body == null || body.isEmpty() ? body : RunSpec.REDACTED;
    }

    public Variant atRate(double r) {
        return new Variant(number, connections, threads, keepAlive, r, name, method, path, url, headers, body, requests,
                values, seed, run);
    }
}
