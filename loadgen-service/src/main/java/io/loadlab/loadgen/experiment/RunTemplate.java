package io.loadlab.loadgen.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * A variant's run of another kind than http ({@code udp-throughput}, {@code iperf} ...): that kind's own spec, as
 * {@code POST /runs} takes it, whose {@code target} names each experiment target's host as {@value #HOST}
 * ({@code udp://{host}:11111}, {@code tcp://{host}:5201}). A cell's spec is the template on that target's host, with
 * the experiment's duration and warm-up; the kind's own reader reads it, so its fields are named as in a run
 * ({@code variants[0].run.rate}). Held as a private copy of the JSON: nothing outside changes it.
 */
// Its JSON is the spec itself (@JsonValue): in the API's document a RunSpec (the component api.openapi writes), not
// the Jackson tree it is held in, which a generated client would carry as a model of its own.
@Schema(ref = "RunSpec")
public record RunTemplate(ObjectNode fields) {

    /** Where each target's host goes in the template's {@code target}. */
    public static final String HOST = "{host}";
    /** Fields the experiment sets in every cell: a template may not give them. */
    public static final java.util.List<String> SET_BY_EXPERIMENT = java.util.List.of("duration", "warmup", "agents",
            "thresholds", "baseline");

    @JsonCreator
    public RunTemplate {
        fields = Objects.requireNonNull(fields, "fields").deepCopy();
    }

    @Override
    @JsonValue
    public ObjectNode fields() {
        return fields.deepCopy();
    }

    /** The kind the template names; empty when it names none. */
    public String kind() {
        return fields.path("kind").asText("");
    }

    /** The spec of a cell on the target at {@code url}: its host in {@code target}, the experiment's duration and warm-up. */
    public ObjectNode on(URI url, Duration duration, Duration warmup) {
        ObjectNode cell = fields.deepCopy();
        String host = url == null || url.getHost() == null ? "" : url.getHost();
        cell.put("target", fields.path("target").asText("").replace(HOST, host));
        cell.put("duration", duration.toMillis() + "ms");
        cell.put("warmup", warmup.toMillis() + "ms");
        return cell;
    }
}
