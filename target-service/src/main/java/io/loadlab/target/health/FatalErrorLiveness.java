package io.loadlab.target.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** {@code /q/health/live} is DOWN once {@link FatalErrors} recorded one, naming it, so Kubernetes restarts the pod. */
@Liveness
@ApplicationScoped
public class FatalErrorLiveness implements HealthCheck {

    private final FatalErrors errors;

    public FatalErrorLiveness(FatalErrors errors) {
        this.errors = errors;
    }

    @Override
    public HealthCheckResponse call() {
        return errors.first()
                .map(error -> HealthCheckResponse.named("fatal-errors").down().withData("first", error).build())
                .orElseGet(() -> HealthCheckResponse.named("fatal-errors").up().build());
    }
}
