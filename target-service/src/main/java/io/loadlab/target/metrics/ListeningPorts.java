package io.loadlab.target.metrics;

import io.quarkus.runtime.LaunchMode;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The TCP ports the HTTP API listens on, for the meters that read the kernel's sockets per port: the plain one
 * (Quarkus') and the TLS one, told here by whoever binds it, as it may have picked a free port for 0.
 */
@ApplicationScoped
public class ListeningPorts {

    private static final int NONE = -1;

    private volatile int https = NONE;

    /** The TLS port was bound (or rebound) on {@code port}. */
    public void httpsBound(int port) {
        https = port;
    }

    /** The TLS port, or -1 while none is listening (disabled, or not yet started). */
    public int https() {
        return https;
    }

    /** The bound plain HTTP port: Quarkus writes the one it picked for port 0 back to its property once listening. */
    public int http() {
        String key = LaunchMode.current() == LaunchMode.TEST ? "quarkus.http.test-port" : "quarkus.http.port";
        String value = System.getProperty(key);
        if (value == null) {
            value = ConfigProvider.getConfig().getOptionalValue(key, String.class).orElse("8080");
        }
        return Integer.parseInt(value);
    }
}
