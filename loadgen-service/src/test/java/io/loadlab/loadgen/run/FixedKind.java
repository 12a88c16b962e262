package io.loadlab.loadgen.run;

import io.loadlab.loadgen.http.HttpReport;
import jakarta.inject.Singleton;

import java.time.Duration;

/** The test-only {@code fixed} kind as the API sees it: its JSON; no text layout, meters or cell figures. */
@Singleton
public class FixedKind extends RunKindDefinition<FixedSpec, HttpReport> {

    public FixedKind() {
        super(FixedSpec.KIND, FixedSpec.class, HttpReport.class);
    }

    @Override
    public FixedSpec read(JsonFields f) {
        var target = f.uri("target");
        Duration duration = f.duration("duration", Duration.ofSeconds(1));
        Duration warmup = f.duration("warmup", Duration.ZERO);
        String failure = f.text("failure", null);
        return f.build(() -> new FixedSpec(target, duration, warmup, failure));
    }
}
