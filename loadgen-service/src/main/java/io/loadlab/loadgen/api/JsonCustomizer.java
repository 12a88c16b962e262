package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.run.RunKinds;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/** Gives Quarkus' ObjectMapper the run JSON shape ({@link RunJson}) for every kind installed. */
@Singleton
public class JsonCustomizer implements ObjectMapperCustomizer {

    @Inject
    RunKinds kinds;

    @Override
    public void customize(ObjectMapper mapper) {
        RunJson.configure(mapper, kinds.types());
    }
}
