package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Grafana gets exactly the repository's dashboards and a datasource pointing at the in-cluster Prometheus. */
@SystemTest
class GrafanaTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    /** kubectl apply (client side) keeps the whole object in an annotation limited to 256 KiB. */
    static final int LAST_APPLIED_LIMIT = 262_144;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void dashboardsConfigMapHoldsExactlyTheDashboardFiles(String overlay) throws IOException {
        Rendered r = Kustomize.render(overlay);
        ConfigMap cm = r.configMap("grafana-dashboards");
        Map<String, String> files = filesIn(Repo.root().resolve("grafana/dashboards"), ".json");
        assertFalse(files.isEmpty(), "no dashboards in grafana/dashboards");
        assertEquals(files.keySet(), new TreeSet<>(cm.getData().keySet()),
                "grafana/kustomization.yaml must list exactly the files in grafana/dashboards/");
        files.forEach((f, text) -> assertEquals(text, cm.getData().get(f), f + " differs in the ConfigMap"));
        for (String g : List.of("grafana-dashboards", "grafana-provisioning-dashboards", "grafana-provisioning-datasources")) {
            int size = Rendered.appliedSize(r.configMap(g));
            assertTrue(size < LAST_APPLIED_LIMIT, g + " is " + size + " bytes: too big for kubectl apply's last-applied annotation; split it");
        }
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void provisioningIsMountedWhereGrafanaAndItsProviderLook(String overlay) throws IOException {
        Rendered r = Kustomize.render(overlay);
        Deployment g = r.get(Deployment.class, "grafana");
        Container c = Pods.container(g, "grafana");
        assertEquals(r.configMap("grafana-provisioning-datasources").getMetadata().getName(),
                configMapAt(g, c, "/etc/grafana/provisioning/datasources"));
        assertEquals(r.configMap("grafana-provisioning-dashboards").getMetadata().getName(),
                configMapAt(g, c, "/etc/grafana/provisioning/dashboards"));
        ObjectMapper yaml = Rendered.MAPPER;
        Set<String> paths = new TreeSet<>();
        for (String text : filesIn(Repo.root().resolve("grafana/provisioning/dashboards"), ".yaml", ".yml").values()) {
            for (JsonNode p : yaml.readTree(text).path("providers")) {
                assertEquals("file", p.path("type").asText("file"), "dashboard provider type");
                paths.add(p.path("options").path("path").asText());
            }
        }
        assertFalse(paths.isEmpty(), "no dashboard provider in grafana/provisioning/dashboards");
        for (String p : paths) {
            assertEquals(r.configMap("grafana-dashboards").getMetadata().getName(), configMapAt(g, c, p),
                    "the dashboards ConfigMap must be mounted at the provider's options.path " + p);
        }
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void datasourceIsTheRepositorysUidAtTheInClusterPrometheus(String overlay) throws IOException {
        Rendered r = Kustomize.render(overlay);
        JsonNode ds = Rendered.MAPPER.readTree(r.configMap("grafana-provisioning-datasources").getData().values().iterator().next());
        Map<String, String> urlByUid = new TreeMap<>();
        ds.path("datasources").forEach(d -> urlByUid.put(d.path("uid").asText(), d.path("url").asText()));

        Set<String> repoUids = new TreeSet<>();
        for (String text : filesIn(Repo.root().resolve("grafana/provisioning/datasources"), ".yaml", ".yml").values()) {
            Rendered.MAPPER.readTree(text).path("datasources").forEach(d -> repoUids.add(d.path("uid").asText()));
        }
        assertFalse(repoUids.isEmpty(), "no datasource in grafana/provisioning/datasources");
        assertEquals(repoUids, urlByUid.keySet(), "the cluster's datasources must keep the repository's uids");
        Set<String> used = new TreeSet<>();
        for (String text : filesIn(Repo.root().resolve("grafana/dashboards"), ".json").values()) {
            collectDatasourceUids(new ObjectMapper().readTree(text), used);
        }
        assertTrue(urlByUid.keySet().containsAll(used), "dashboards use datasource uids " + used + ", provisioned: " + urlByUid.keySet());

        Service prom = r.get(Service.class, "prometheus");
        String expected = "http://prometheus:" + prom.getSpec().getPorts().get(0).getPort();
        urlByUid.forEach((uid, url) -> assertTrue(url.equals(expected) || url.startsWith(expected + "/")
                        || url.startsWith("http://prometheus." + Repo.NAMESPACE),
                "datasource " + uid + " points at " + url + ", not the Prometheus Service " + expected));
    }

    private static void collectDatasourceUids(JsonNode n, Set<String> out) {
        if (n.isObject()) {
            JsonNode ds = n.get("datasource");
            // "$var" is a template variable; "-- Grafana --" and friends are Grafana's built-in sources.
            if (ds != null && ds.isObject() && ds.hasNonNull("uid") && !ds.get("uid").asText().startsWith("$")
                    && !ds.get("uid").asText().startsWith("-- ") && !"grafana".equals(ds.get("uid").asText())) {
                out.add(ds.get("uid").asText());
            }
            n.forEach(c -> collectDatasourceUids(c, out));
        } else if (n.isArray()) {
            n.forEach(c -> collectDatasourceUids(c, out));
        }
    }

    private static String configMapAt(Deployment d, Container c, String path) {
        VolumeMount m = c.getVolumeMounts().stream().filter(v -> path.equals(v.getMountPath())).findFirst()
                .orElseThrow(() -> new AssertionError("grafana: nothing mounted at " + path));
        Volume v = Pods.spec(d).getVolumes().stream().filter(x -> x.getName().equals(m.getName())).findFirst().orElseThrow();
        assertTrue(v.getConfigMap() != null, "grafana: " + path + " is not a ConfigMap");
        return v.getConfigMap().getName();
    }

    static Map<String, String> filesIn(Path dir, String... suffixes) throws IOException {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = new ArrayList<>(s.filter(Files::isRegularFile)
                    .filter(p -> Stream.of(suffixes).anyMatch(x -> p.getFileName().toString().endsWith(x))).toList());
            for (Path p : files) {
                out.put(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
