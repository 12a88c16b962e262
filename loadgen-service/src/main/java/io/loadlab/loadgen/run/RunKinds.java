package io.loadlab.loadgen.run;

import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Every kind of run installed, by its name: the one place code outside a kind finds it. */
@ApplicationScoped
public class RunKinds {

    private final Map<String, RunKindDefinition<?, ?>> kinds = new TreeMap<>();

    @Inject
    public RunKinds(@All List<RunKindDefinition<?, ?>> definitions) {
        for (RunKindDefinition<?, ?> d : definitions) {
            if (kinds.put(d.runKind().kind(), d) != null) {
                throw new IllegalStateException("two definitions of run kind " + d.runKind().kind());
            }
        }
    }

    /** The definition of {@code run}'s kind. */
    public RunKindDefinition<?, ?> of(RunRecord run) {
        RunKindDefinition<?, ?> d = kinds.get(run.spec().kind());
        if (d == null) {
            throw new NoDriverException(run.spec().kind());
        }
        return d;
    }
}
