package io.loadlab.loadgen.distributed;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * This process's name as an agent: {@code loadgen.agent.name} when set, else the host's name (a StatefulSet pod's
 * stable name, in Kubernetes). One value per process, so the {@code agent} tag it puts on every meter stays bounded.
 */
public final class AgentName {

    private AgentName() {
    }

    public static String of(Optional<String> configured) {
        Optional<String> name = configured.map(String::trim).filter(s -> !s.isEmpty());
        if (name.isPresent()) {
            return name.get();
        }
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
