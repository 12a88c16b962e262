package io.loadlab.loadgen.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.api.spec.SpecReader;
import io.loadlab.loadgen.run.RunJson;
import io.quarkus.arc.All;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;

/** Gives Quarkus' ObjectMapper the run JSON shape ({@link RunJson}) for every kind a reader knows. */
@Singleton
public class JsonCustomizer implements ObjectMapperCustomizer {

    @Inject
    @All
    List<SpecReader> readers;

    @Override
    public void customize(ObjectMapper mapper) {
        RunJson.configure(mapper, readers.stream().map(SpecReader::runKind).toList());
    }
}
