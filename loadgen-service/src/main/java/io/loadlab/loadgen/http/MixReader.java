package io.loadlab.loadgen.http;

import io.loadlab.loadgen.mix.RequestSpec;
import io.loadlab.loadgen.mix.ValueOrder;
import io.loadlab.loadgen.mix.ValueSpec;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.Violations;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an http spec's {@code requests} and {@code values}, bounded before anything is copied: at most
 * {@link RequestSpec#MAX_NAMES} entries and {@link ValueSpec#MAX_PLACEHOLDERS} placeholders, each entry's body and
 * headers within the run's limits, an unknown field inside an entry or a value spec named. What the fields mean is
 * the records' to check ({@link RequestSpec#check}, {@link ValueSpec#check}).
 */
final class MixReader {

    /**
     * A header value's length in characters as written (before placeholders): nginx reads a request's header lines
     * into 8 KB buffers ({@code large_client_header_buffers 4 8k}) and answers a longer one 400.
     */
    static final int MAX_HEADER_CHARS = 8 * 1024;
    private static final List<String> SOURCES = List.of("file", "range", "list");
    /** Names read at most: a body of the API's largest size holds fewer; past it, the reader names the count. */
    private static final int MAX_NAMES_READ = 100_000;
    /** What a placeholder past {@link ValueSpec#MAX_PLACEHOLDERS} stands for: never run, the spec is refused. */
    private static final ValueSpec UNREAD = ValueSpec.range(0, 0, null);

    private final LimitsConfig limits;

    MixReader(LimitsConfig limits) {
        this.limits = limits;
    }

    /** The {@code requests} array; empty when absent. */
    List<RequestSpec> requests(JsonFields f) {
        List<JsonFields> entries = f.objects("requests", RequestSpec.MAX_NAMES);
        if (entries == null) {
            return List.of();
        }
        Violations v = f.violations();
        v.check(!entries.isEmpty() || !f.isArray("requests"), "requests", "must name at least one request");
        List<RequestSpec> out = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            out.add(request(entries.get(i), v, "requests[" + i + "]"));
        }
        return out;
    }

    private RequestSpec request(JsonFields e, Violations v, String at) {
        String name = e.text("name", null);
        int weight = e.integer("weight", 1);
        String method = e.text("method", "GET");
        String path = e.text("path", null);
        Map<String, String> headers = e.stringMap("headers", limits.maxHeaders(), MAX_HEADER_CHARS);
        String body = e.text("body", null);
        v.check(name != null, at + ".name", "is required");
        v.check(body == null || body.getBytes(StandardCharsets.UTF_8).length <= limits.maxBodyBytes(), at + ".body",
                "must be at most " + limits.maxBodyBytes() + " bytes (loadgen.limits.max-body-bytes)");
        e.rejectUnknown();
        return new RequestSpec(name, weight, method, path, headers, body);
    }

    /** The {@code values} object; empty when absent. A bare array stands for {@code {"list": [...]}}. */
    Map<String, ValueSpec> values(JsonFields f) {
        JsonFields values = f.object("values");
        if (values == null) {
            return Map.of();
        }
        Violations v = f.violations();
        List<String> names = values.names("values", MAX_NAMES_READ);
        if (names == null) {
            return Map.of();
        }
        Map<String, ValueSpec> out = new LinkedHashMap<>();
        if (names.size() > ValueSpec.MAX_PLACEHOLDERS) {
            // too many to read: each name stands defined, unread, so the spec's own check says "at most 32" once, and
            // not "${x} is not defined" for each placeholder past the cap (33 false messages, issue 42)
            names.forEach(name -> {
                values.known(name);
                out.put(name, UNREAD);
            });
            return out;
        }
        for (String name : names) {
            if (!v.check(name.matches(ValueSpec.NAME_PATTERN), "values", "'" + shortened(name)
                    + "' is not a placeholder name (" + ValueSpec.NAME_PATTERN + ")")) {
                values.known(name);
                continue;
            }
            if (values.isArray(name)) {
                List<String> list = values.scalars(name, ValueSpec.MAX_VALUES, ValueSpec.MAX_VALUE_BYTES);
                if (list != null) {
                    out.put(name, ValueSpec.list(list, null));
                }
                continue;
            }
            JsonFields spec = values.object(name);
            if (spec != null) {
                out.put(name, value(spec, v, "values." + name));
            }
        }
        return out;
    }

    private static ValueSpec value(JsonFields s, Violations v, String at) {
        String from = s.text("from", null);
        String file = s.text("file", null);
        String column = s.text("column", null);
        List<Long> range = s.longs("range", 2);
        List<String> list = s.scalars("list", ValueSpec.MAX_VALUES, ValueSpec.MAX_VALUE_BYTES);
        String orderName = s.text("order", null);
        ValueOrder order = ValueOrder.of(orderName);
        v.check(orderName == null || order != null, at + ".order", "must be sequential or random");
        if (from != null && v.check(SOURCES.contains(from), at + ".from", "must be one of " + SOURCES)) {
            boolean given = switch (from) {
                case "file" -> file != null;
                case "range" -> range != null;
                default -> list != null;
            };
            v.check(given, at + "." + from, "is required with \"from\": \"" + from + "\"");
        }
        v.check(file == null || file.length() <= 128, at + ".file", "must be at most 128 characters");
        v.check(column == null || column.length() <= ValueSpec.MAX_VALUE_BYTES, at + ".column",
                "must be at most " + ValueSpec.MAX_VALUE_BYTES + " characters");
        s.rejectUnknown();
        return new ValueSpec(file, column, range, list, order);
    }

    private static String shortened(String name) {
        return name.length() <= 64 ? name : name.substring(0, 64) + "...";
    }
}
