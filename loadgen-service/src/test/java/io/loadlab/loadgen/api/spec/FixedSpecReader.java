package io.loadlab.loadgen.api.spec;

import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.run.FixedSpec;
import io.loadlab.loadgen.run.InvalidSpecException;
import io.loadlab.loadgen.run.RunKind;
import io.loadlab.loadgen.run.RunSpec;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/** Reads the test-only {@code fixed} kind. */
@ApplicationScoped
public class FixedSpecReader implements SpecReader {

    @Override
    public RunKind runKind() {
        return new RunKind(FixedSpec.KIND, FixedSpec.class, HttpReport.class);
    }

    @Override
    public RunSpec read(JsonFields f) {
        var target = f.uri("target");
        Duration duration = f.duration("duration", Duration.ofSeconds(1));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        String failure = f.text("failure", null);
        f.rejectUnknown();
        if (!f.violations().isEmpty()) {
            return null;
        }
        try {
            return new FixedSpec(target, duration, warmup, failure);
        } catch (InvalidSpecException e) {
            f.violations().addAll(e.violations());
            return null;
        }
    }
}
