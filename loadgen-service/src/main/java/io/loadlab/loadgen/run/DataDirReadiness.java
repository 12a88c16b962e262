package io.loadlab.loadgen.run;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.nio.file.Files;

/** Not ready while finished runs could not be persisted: their reports would be lost on restart. */
@Readiness
@ApplicationScoped
public class DataDirReadiness implements HealthCheck {

    @Inject
    RunStore store;

    @Override
    public HealthCheckResponse call() {
        boolean writable = Files.isDirectory(store.dir()) ? Files.isWritable(store.dir())
                : store.dir().toAbsolutePath().getParent() != null && Files.isWritable(store.dir().toAbsolutePath().getParent());
        return HealthCheckResponse.named("loadgen-data-dir").status(writable)
                .withData("path", store.dir().toAbsolutePath().toString()).build();
    }
}
