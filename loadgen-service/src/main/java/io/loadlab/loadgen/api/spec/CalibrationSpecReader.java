package io.loadlab.loadgen.api.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.loadgen.calibrate.CalibrationSpec;
import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.Violations;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * Reads a calibration spec ({@code duration}, {@code warmup}, {@code connections}, {@code threads}, all optional),
 * naming every bad field at once; the bounds are {@link CalibrationSpec}'s. An empty body means the defaults.
 */
@ApplicationScoped
public class CalibrationSpecReader {

    /** @throws io.loadlab.loadgen.run.InvalidSpecException naming every bad field */
    public CalibrationSpec read(JsonNode root) {
        Violations v = new Violations();
        if (!(root instanceof ObjectNode obj)) {
            v.add("", "a calibration spec must be a JSON object");
            v.throwIfAny();
            return null;
        }
        JsonFields f = new JsonFields(obj, v);
        Duration duration = f.duration("duration", null);
        Duration warmup = f.duration("warmup", null);
        int connections = f.integer("connections", CalibrationSpec.DEFAULT_CONNECTIONS);
        int threads = f.integer("threads", 1);
        CalibrationSpec spec = f.build(() -> new CalibrationSpec(duration, warmup, connections, threads));
        v.throwIfAny();
        return spec;
    }
}
