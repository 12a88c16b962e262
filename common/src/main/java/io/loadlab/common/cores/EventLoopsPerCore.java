package io.loadlab.common.cores;

import org.eclipse.microprofile.config.spi.ConfigSource;

import java.util.Map;
import java.util.Set;

/**
 * One Quarkus event loop per CPU this process can run on ({@link Cores}), as nginx runs one worker per core.
 * The target: Quarkus' default of two per core makes a CPU-bound server switch between loops on the same
 * core (measured here: about 25% fewer requests per second on one pinned core). The loadgen: its Quarkus
 * loops serve only the REST API and /q/metrics (runs drive event loops of their own), so a second per core
 * only adds threads. Lowest precedence: application.properties, the environment and system properties all
 * override. Read when asked, at runtime, so a native image follows the machine it runs on.
 */
public class EventLoopsPerCore implements ConfigSource {

    private static final Set<String> KEYS = Set.of("quarkus.http.io-threads", "quarkus.vertx.event-loops-pool-size");

    @Override
    public Set<String> getPropertyNames() {
        return KEYS;
    }

    @Override
    public Map<String, String> getProperties() {
        String cores = cores();
        return Map.of("quarkus.http.io-threads", cores, "quarkus.vertx.event-loops-pool-size", cores);
    }

    @Override
    public String getValue(String name) {
        return KEYS.contains(name) ? cores() : null;
    }

    @Override
    public String getName() {
        return "event-loops-per-core";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }

    private static String cores() {
        return Integer.toString(Cores.ofThisProcess());
    }
}
