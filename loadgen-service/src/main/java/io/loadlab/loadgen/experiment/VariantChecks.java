package io.loadlab.loadgen.experiment;

import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A variant's request, checked as the run each of its cells would be: {@code number} or a request ({@code path},
 * {@code url} or a {@code requests} mix), never both; the request built as an {@link HttpRunSpec} for every target and
 * its faults named under the variant ({@code variants[1].method}, {@code variants[1].requests[0].weight}); and every
 * label unique, since a table row and a metric label are keyed by it.
 */
final class VariantChecks {

    /** A name: what a label may hold, short enough for a table column and a metric label. */
    static final String NAME = "[A-Za-z0-9 ._=/:-]{1,40}";
    /** The longest path a variant may carry. */
    static final int MAX_PATH = 2048;

    private VariantChecks() {
    }

    static void check(Violations v, List<ExperimentTarget> targets, List<Variant> variants) {
        Map<String, Integer> labels = new HashMap<>();
        int clashes = 0;
        String first = null;
        for (int i = 0; i < variants.size(); i++) {
            Variant x = variants.get(i);
            String at = "variants[" + i + "].";
            v.check(x.name() == null || x.name().matches(NAME), at + "name",
                    "must be 1 to 40 letters, digits, spaces or . _ = / : -");
            if (x.isTemplate()) {
                v.check(!x.run().kind().isEmpty(), at + "run.kind", "is required");
            } else if (x.carriesRequest()) {
                request(v, targets, x, at);
            } else {
                v.check(x.number() >= 1, at + "number", "must be at least 1, or give the variant a request (path, url or requests)");
                v.check(x.method() == null && x.headers() == null && x.body() == null, at + "method",
                        "method, headers and body belong to a request of the variant's own: give a path, url or requests, "
                                + "or leave them out for our target's number");
                v.check(x.values() == null && x.seed() == null, at + "values",
                        "values and seed belong to a request mix: give requests, or leave them out for our target's number");
            }
            Integer before = labels.putIfAbsent(x.label(), i);
            if (before != null && clashes++ == 0) {
                first = at + "name\u0000the label '" + x.label() + "' is also variants[" + before + "]'s";
            }
        }
        if (first != null) { // named once: 400,000 copies of one variant would otherwise name 399,999 fields
            String[] f = first.split("\u0000");
            v.add(f[0], f[1] + (clashes > 1 ? " (" + (clashes - 1) + " more variants repeat a label)" : "")
                    + ": give each a name");
        }
    }

    private static void request(Violations v, List<ExperimentTarget> targets, Variant x, String at) {
        v.check(x.number() == 0, at + "number", "give number (our target's request) or a request (path, url or requests), not both");
        v.check(!x.hasMix() || x.method() == null, at + "method", "is given per request in a mix (requests[].method)");
        if (!v.check(x.path() == null || x.url() == null, at + "path", "give path or url, not both")) {
            return;
        }
        String where = x.path() != null ? "path" : x.url() != null ? "url" : "requests";
        if (x.path() != null && !v.check(!x.path().isEmpty() && x.path().length() <= MAX_PATH, at + "path",
                "must be 1 to " + MAX_PATH + " characters")) {
            return;
        }
        Set<Violation> found = new LinkedHashSet<>();
        for (ExperimentTarget t : targets) {
            if (t.url() == null && x.url() == null) {
                continue; // the target's url is named on its own
            }
            try {
                CellSpecs.http(t, x, Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1));
            } catch (InvalidSpecException e) {
                e.violations().stream().filter(f -> !REST.contains(f.field()))
                        .forEach(f -> found.add(new Violation(at + ("target".equals(f.field()) ? where : f.field()), f.message())));
            } catch (IllegalArgumentException e) {
                found.add(new Violation(at + where, "is not a valid URI reference: " + e.getMessage()));
            }
        }
        v.addAll(List.copyOf(found));
    }

    /** The run fields the spec checks on its own (the cell's duration, the variant's load): named once, there. */
    private static final Set<String> REST = Set.of("connections", "threads", "duration", "warmup", "rate", "timeout");
}
