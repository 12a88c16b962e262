package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.experiment.ExperimentProtocol;
import io.loadlab.loadgen.http.HttpRunSpec;
import io.loadlab.loadgen.http.TlsSpec;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.LimitsConfig;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.Violation;
import io.loadlab.loadgen.run.Violations;

import java.util.ArrayList;
import java.util.List;

/**
 * An experiment's {@code protocols}: an array of at most {@value ExperimentProtocol#MAX} entries, each a name
 * ({@code "h2"}) or an object ({@code {"name", "protocol", "streams", "keepAlive", "tls"}}); the {@code tls} object
 * read by the http kind's own reader, as an https run's {@code tls} (so with the same policy,
 * {@code loadgen.limits.allow-insecure-tls}), and {@code streams} within {@code loadgen.limits.max-streams}. Faults are
 * named under the entry: {@code protocols[1].tls.insecure}.
 */
final class ProtocolsField {

    static final String NAME = "protocols";
    /** The longest protocol name read: the longest known is 9 characters. */
    private static final int MAX_NAME = 40;

    private ProtocolsField() {
    }

    /** The entries; null when absent (plain HTTP/1.1), or after a violation that leaves nothing to read. */
    /** @param http the http kind, whose reader reads each entry's {@code tls} */
    static List<ExperimentProtocol> read(JsonNode value, LimitsConfig limits, RunKind<HttpRunSpec, ?> http,
                                         Violations v) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            v.add(NAME, "must be an array of protocol names or objects");
            return null;
        }
        if (value.size() > ExperimentProtocol.MAX) { // counted before any entry is read
            v.add(NAME, value.size() + " entries, more than " + ExperimentProtocol.MAX);
            return null;
        }
        List<ExperimentProtocol> out = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode e = value.get(i);
            String at = NAME + "[" + i + "]";
            if (e.isTextual()) {
                out.add(ExperimentProtocol.of(bounded(e.textValue())));
            } else if (e.isObject()) {
                out.add(entry((ObjectNode) e, limits, http, v, at));
            } else {
                v.add(at, "must be a protocol name (" + ExperimentProtocol.NAMES + ") or an object");
            }
        }
        return out;
    }

    private static ExperimentProtocol entry(ObjectNode e, LimitsConfig limits, RunKind<HttpRunSpec, ?> http,
                                            Violations v, String at) {
        Violations own = new Violations();
        JsonFields f = new JsonFields(e, own);
        String name = f.text("name", null);
        String protocol = bounded(f.text("protocol", null));
        int streams = f.integer("streams", 1);
        Boolean keepAlive = e.hasNonNull("keepAlive") ? f.bool("keepAlive", true) : null;
        f.known("keepAlive");
        f.known("tls");
        TlsSpec tls = e.hasNonNull("tls") ? tls(e.get("tls"), http, own) : null;
        own.check(protocol != null, "protocol", "is required: one of " + ExperimentProtocol.NAMES);
        own.check(streams <= limits.maxStreams(), "streams", "must be at most " + limits.maxStreams()
                + " (loadgen.limits.max-streams)");
        f.rejectUnknown();
        for (Violation x : own.list()) {
            v.add(at + "." + x.field(), x.message());
        }
        return new ExperimentProtocol(name == null || name.length() <= MAX_NAME ? name : name.substring(0, MAX_NAME + 1),
                protocol, streams, keepAlive, tls);
    }

    /**
     * {@code node} read as an https run's {@code tls} by the http kind's reader, its faults named {@code tls.x} in
     * {@code own}; null after a fault. The run around it is a placeholder that reads without fault.
     */
    private static TlsSpec tls(JsonNode node, RunKind<HttpRunSpec, ?> http, Violations own) {
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        run.put("target", PLACEHOLDER);
        run.set("tls", node);
        HttpRunSpec spec = http.read(new JsonFields(run, own));
        return spec == null ? null : spec.tls();
    }

    /** An https run target no run ever goes to: only the spec around a {@code tls} is read. */
    private static final String PLACEHOLDER = "https://tls.invalid/";

    /** A name cut past what any valid one is, so a message quoting it stays short (the spec then names it unknown). */
    private static String bounded(String s) {
        return s == null || s.length() <= MAX_NAME ? s : s.substring(0, MAX_NAME) + "...";
    }
}
