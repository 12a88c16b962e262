package io.loadlab.loadgen.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.util.Optional;

/**
 * Not ready while the data dir cannot take records: finished ones would be lost on restart, and new jobs
 * are refused with 503. Each check first writes what waits in memory, so readiness returns once space does.
 */
@Readiness
@ApplicationScoped
public class DataDirReadiness implements HealthCheck {

    @Inject
    DataDir dataDir;

    @Override
    public HealthCheckResponse call() {
        Optional<String> problem = dataDir.problem();
        HealthCheckResponseBuilder r = HealthCheckResponse.named("loadgen-data-dir").status(problem.isEmpty())
                .withData("path", dataDir.path().toAbsolutePath().toString());
        problem.ifPresent(p -> r.withData("problem", p));
        return r.build();
    }
}
