package io.loadlab.grafana;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the module's files are: {@code loadlab.grafana.dir} (set by the build), else the working directory. */
final class GrafanaDir {

    static final String DATASOURCE_UID = "loadlab-prometheus";
    static final String DATASOURCE_TYPE = "prometheus";

    private GrafanaDir() {
    }

    static Path root() {
        Path root = Path.of(System.getProperty("loadlab.grafana.dir", ".")).toAbsolutePath().normalize();
        if (!Files.isDirectory(root.resolve("dashboards"))) {
            throw new IllegalStateException("no dashboards/ under " + root + ": run from the grafana module");
        }
        return root;
    }

    static Path dashboards() {
        return root().resolve("dashboards");
    }

    static Path provisioning() {
        return root().resolve("provisioning");
    }

    static Path localPrometheusConfig() {
        return root().resolve("prometheus/prometheus-local.yml");
    }
}
