package io.loadlab.loadgen.mix;

import io.loadlab.loadgen.run.UrlSecrets;
import io.loadlab.loadgen.run.Violations;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One named request of a mix: {@code {"name": "get-item", "weight": 8, "method": "GET", "path": "/items/${id}",
 * "headers": {...}, "body": "..."}}. The target URL gives scheme, host and port; {@code path} (with its query)
 * replaces the URL's path, and is the URL's own when absent. Path, header values and body may hold {@code ${name}}
 * placeholders filled from the run's {@code values}.
 *
 * @param name    a label in reports and meters: 1-64 of {@code [A-Za-z0-9_.-]}
 * @param weight  its share of requests, 1..{@link #MAX_WEIGHT}, against the sum of the mix's weights
 * @param method  GET, POST, PUT, DELETE, PATCH, HEAD or OPTIONS
 * @param path    {@code /...}, null for the target URL's path and query
 * @param headers extra headers, over the run's own of the same name; Host, Content-Length and Connection are the engine's
 * @param body    UTF-8, null or empty for none
 */
public record RequestSpec(String name, int weight, String method, String path, Map<String, String> headers,
                          String body) {

    /** Names become labels of meters and rows of tables: bounded. */
    public static final int MAX_NAMES = 32;
    /** A weight's ceiling: with 32 names the selection table holds at most 32,000 entries (128 KB), shared by a run. */
    public static final int MAX_WEIGHT = 1000;
    public static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
    /** The name of a run's one request when its spec gives {@code method}/{@code body} rather than a mix. */
    public static final String SINGLE = "default";

    public RequestSpec {
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** This entry as a reader without the token sees it: header values and a body replaced by {@code marker}. */
    public RequestSpec redacted(String marker) {
        Map<String, String> hidden = new LinkedHashMap<>();
        headers.keySet().forEach(n -> hidden.put(n, marker));
        return new RequestSpec(name, weight, method, UrlSecrets.redactedPath(path), hidden,
                body == null || body.isEmpty() ? body : marker);
    }

    /** Checks this entry, its fields named under {@code at} (e.g. {@code requests[1]}). */
    public void check(Violations v, String at) {
        v.check(name != null && name.matches("[A-Za-z0-9_.-]{1,64}"), at + ".name",
                "must be 1 to 64 letters, digits, '_', '.' or '-'");
        v.check(weight >= 1 && weight <= MAX_WEIGHT, at + ".weight", "must be from 1 to " + MAX_WEIGHT);
        v.check(METHODS.contains(method), at + ".method", "must be one of " + METHODS);
        v.check(path == null || (path.startsWith("/") && path.chars().noneMatch(c -> c <= ' ' || c == 0x7f)),
                at + ".path", "must start with '/' and hold no space or control character");
        headers.forEach((n, value) -> {
            v.check(n.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+"), at + ".headers", "'" + n + "' is not a valid header name");
            String problem = value == null ? "null" : FieldValue.problem(value);
            v.check(problem == null, at + ".headers", "value of '" + n + "' must not contain " + problem);
        });
    }
}
