package io.loadlab.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Provisioning files in the layout Grafana documents, pointing at the dashboards and the data source they use. */
class ProvisioningTest {

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void datasourceIsPrometheusWithTheUidTheDashboardsUse() throws IOException {
        JsonNode ds = onlyEntry("datasources", "datasources");
        assertEquals("prometheus", ds.path("type").asText());
        assertEquals(GrafanaDir.DATASOURCE_UID, ds.path("uid").asText());
        assertEquals("proxy", ds.path("access").asText());
        assertTrue(ds.path("url").asText().matches("https?://[^/]+(/.*)?|\\$\\{?\\w+}?"), "url " + ds.path("url"));
    }

    @Test
    void dashboardProviderReadsFilesFromWhereTheReadmeMountsThem() throws IOException {
        JsonNode p = onlyEntry("dashboards", "providers");
        assertEquals("file", p.path("type").asText());
        String path = p.path("options").path("path").asText();
        assertTrue(path.startsWith("/"), "options.path must be absolute in the container: " + path);
        String readme = Files.readString(GrafanaDir.root().resolve("README.md"));
        assertTrue(readme.contains("grafana/dashboards:" + path), "README must mount grafana/dashboards at " + path);
        assertTrue(readme.contains("grafana/provisioning:/etc/grafana/provisioning"),
                "README must mount grafana/provisioning at /etc/grafana/provisioning");
    }

    @Test
    void localScrapeConfigScrapesBothServicesOnLoopback() throws IOException {
        JsonNode config = YAML.readTree(GrafanaDir.localPrometheusConfig().toFile());
        List<String> jobs = new ArrayList<>();
        for (JsonNode job : config.path("scrape_configs")) {
            jobs.add(job.path("job_name").asText());
            assertEquals("/q/metrics", job.path("metrics_path").asText(), job.path("job_name").asText());
            for (JsonNode sc : job.path("static_configs")) {
                for (JsonNode t : sc.path("targets")) {
                    assertTrue(t.asText().startsWith("127.0.0.1:"), "loopback only: " + t.asText());
                }
            }
        }
        assertEquals(List.of("target-service", "loadgen-service"), jobs);
    }

    /** The single entry of {@code key} in the single YAML file of provisioning/{@code dir}. */
    private static JsonNode onlyEntry(String dir, String key) throws IOException {
        List<Path> files;
        try (var s = Files.list(GrafanaDir.provisioning().resolve(dir))) {
            files = s.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")).toList();
        }
        assertEquals(1, files.size(), "one provisioning file in " + dir + ": " + files);
        JsonNode root = YAML.readTree(files.get(0).toFile());
        assertEquals(1, root.path("apiVersion").asInt(), files.get(0) + ": apiVersion");
        assertFalse(root.path(key).isEmpty(), files.get(0) + ": no " + key);
        assertEquals(1, root.path(key).size(), files.get(0) + ": one entry in " + key);
        return root.path(key).get(0);
    }
}
