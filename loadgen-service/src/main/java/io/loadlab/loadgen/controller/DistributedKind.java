package io.loadlab.loadgen.controller;

import io.loadlab.loadgen.run.JsonFields;
import io.loadlab.loadgen.run.RunKindDefinition;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Distributed runs as the rest of the loadgen sees them: their JSON records and their text. A user never posts
 * {@code "kind": "distributed"}; they post their run's own kind with an {@code agents} field, which the API reads
 * into a {@link DistributedRunSpec}. Experiments get no cell figures from it (a cell on agents is not built yet).
 */
@Singleton
public class DistributedKind extends RunKindDefinition<DistributedRunSpec, DistributedReport> {

    public DistributedKind() {
        super(DistributedRunSpec.KIND, DistributedRunSpec.class, DistributedReport.class);
    }

    @Override
    public DistributedRunSpec read(JsonFields fields) {
        fields.violations().add("kind", "post the run's own kind (http) with \"agents\": N or \"all\" to spread it over agents");
        return null;
    }

    @Override
    protected Optional<String> text(DistributedRunSpec spec, DistributedReport report, String histogram) {
        return Optional.of(DistributedTextReport.render(spec, report));
    }
}
