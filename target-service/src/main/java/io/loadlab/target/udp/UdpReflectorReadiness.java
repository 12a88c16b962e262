package io.loadlab.target.udp;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the reflector is bound; a disabled reflector is left out (up, saying so). */
@Readiness
@ApplicationScoped
public class UdpReflectorReadiness implements HealthCheck {

    private final UdpReflector reflector;

    public UdpReflectorReadiness(UdpReflector reflector) {
        this.reflector = reflector;
    }

    @Override
    public HealthCheckResponse call() {
        var answer = HealthCheckResponse.named("udp-reflector");
        if (!reflector.enabled()) {
            return answer.up().withData("enabled", false).build();
        }
        int port = reflector.port();
        answer.status(port > 0).withData("port", port).withData("sockets", reflector.sockets());
        if (reflector.failure() != null) {
            answer.withData("failure", reflector.failure());
        }
        return answer.build();
    }
}
