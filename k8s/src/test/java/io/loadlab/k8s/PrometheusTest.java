package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.loadlab.testsupport.Prometheus;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rendered Prometheus configuration is valid, discovers the annotated pods and keeps their labels. */
@SystemTest
class PrometheusTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;
    static final String POD_JOB = "loadlab-pods";
    /** Where Kubernetes mounts a pod's service account token and the cluster's CA. */
    static final String SERVICE_ACCOUNT = "/var/run/secrets/kubernetes.io/serviceaccount/";
    static final String CADVISOR_JOB = "kubelet-cadvisor";
    static final String NODE_EXPORTER_JOB = "node-exporter";

    /**
     * promtool checks the configuration as rendered. Debian's promtool (package 'prometheus') is built
     * without Kubernetes service discovery and rejects kubernetes_sd_configs as an unknown field; only
     * that rejection is tolerated, and then the same configuration with each kubernetes_sd_configs
     * replaced by a static target carrying pod meta labels is checked, so every other part (globals,
     * relabel regexes, label names) still goes through promtool, and the discovery block is checked
     * against its documented keys below.
     */
    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void configPassesPromtool(String overlay, @TempDir Path tmp) throws Exception {
        // promtool requires the files a job names to exist: the pod's service account token and CA, here stand-ins
        Path account = Files.createDirectories(tmp.resolve("serviceaccount"));
        Files.writeString(account.resolve("token"), "token");
        Files.writeString(account.resolve("ca.crt"), "");
        String config = config(Kustomize.render(overlay)).replace(SERVICE_ACCOUNT, account + "/");
        String out = promtool(tmp.resolve("prometheus.yml"), config);
        if (out != null) {
            assertTrue(out.contains("field kubernetes_sd_configs not found"), overlay + ": promtool check config failed:\n" + out);
            ObjectNode derived = (ObjectNode) Rendered.MAPPER.readTree(config);
            for (JsonNode job : derived.path("scrape_configs")) {
                for (JsonNode sd : job.path("kubernetes_sd_configs")) {
                    assertEquals(Set.of(), minus(fieldNames(sd), Set.of("role", "namespaces", "selectors", "api_server",
                            "kubeconfig_file", "attach_metadata", "basic_auth", "authorization", "oauth2", "tls_config",
                            "proxy_url", "follow_redirects", "enable_http2")), overlay + ": unknown kubernetes_sd_configs keys");
                    assertTrue(Set.of("node", "service", "pod", "endpoints", "endpointslice", "ingress").contains(sd.path("role").asText()));
                    assertEquals(Set.of(), minus(fieldNames(sd.path("namespaces")), Set.of("own_namespace", "names")),
                            overlay + ": unknown kubernetes_sd_configs.namespaces keys");
                }
                ObjectNode j = (ObjectNode) job;
                j.remove("kubernetes_sd_configs");
                ObjectNode target = j.putArray("static_configs").addObject();
                target.putArray("targets").add("10.0.0.1:8080");
                ObjectNode labels = target.putObject("labels");
                labels.put("__meta_kubernetes_namespace", Repo.NAMESPACE);
                labels.put("__meta_kubernetes_pod_name", "target-0");
                labels.put("__meta_kubernetes_pod_ip", "10.0.0.1");
                labels.put("__meta_kubernetes_pod_annotation_prometheus_io_scrape", "true");
                labels.put("__meta_kubernetes_pod_annotation_prometheus_io_port", "8080");
                labels.put("__meta_kubernetes_pod_annotation_prometheus_io_path", "/q/metrics");
            }
            String again = promtool(tmp.resolve("prometheus-static.yml"), Rendered.MAPPER.writeValueAsString(derived));
            assertEquals(null, again, overlay + ": promtool check config failed (discovery replaced by a static target):\n" + again);
        }
    }

    /** Simulates the relabeling on every rendered pod: each annotated pod is scraped once, at its annotated port and path. */
    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void relabelingScrapesEachAnnotatedPodAtItsPortAndPath(String overlay) throws IOException {
        Rendered r = Kustomize.render(overlay);
        JsonNode rules = Rendered.MAPPER.readTree(config(r)).path("scrape_configs").get(0).path("relabel_configs");
        for (Workload d : r.workloads()) {
            Map<String, String> a = d.annotations();
            boolean annotated = a != null && "true".equals(a.get("prometheus.io/scrape"));
            List<Map<String, String>> kept = new ArrayList<>();
            for (Container c : d.spec().getContainers()) {
                for (var port : c.getPorts()) {
                    Map<String, String> t = new TreeMap<>();
                    t.put("__address__", "10.0.0.1:" + port.getContainerPort());
                    t.put("__metrics_path__", "/metrics");
                    t.put("__meta_kubernetes_namespace", d.namespace());
                    t.put("__meta_kubernetes_pod_name", d.name() + "-0");
                    t.put("__meta_kubernetes_pod_node_name", "node-1");
                    t.put("__meta_kubernetes_pod_ip", "10.0.0.1");
                    t.put("__meta_kubernetes_pod_phase", "Running");
                    t.put("__meta_kubernetes_pod_container_port_number", Integer.toString(port.getContainerPort()));
                    t.put("__meta_kubernetes_pod_container_port_protocol", port.getProtocol());
                    t.put("__meta_kubernetes_pod_container_port_name", port.getName() == null ? "" : port.getName());
                    d.labels().forEach((k, v) -> t.put("__meta_kubernetes_pod_label_" + k.replaceAll("[^a-zA-Z0-9_]", "_"), v));
                    if (a != null) {
                        a.forEach((k, v) -> t.put("__meta_kubernetes_pod_annotation_" + k.replaceAll("[^a-zA-Z0-9_]", "_"), v));
                    }
                    if (Relabel.apply(rules, t)) {
                        kept.add(t);
                    }
                }
            }
            String what = overlay + ": " + d.name();
            if (!annotated) {
                assertEquals(List.of(), kept, what + " is not annotated yet scraped");
                continue;
            }
            assertEquals(1, kept.size(), what + ": scraped " + kept.size() + " times");
            Map<String, String> t = kept.get(0);
            assertEquals("10.0.0.1:" + a.get("prometheus.io/port"), t.get("__address__"), what + " address");
            assertEquals(a.get("prometheus.io/path"), t.get("__metrics_path__"), what + " path");
            assertEquals(d.namespace(), t.get("namespace"));
            assertEquals(d.name() + "-0", t.get("pod"));
            assertEquals("node-1", t.get("node"));
        }
    }

    private static String promtool(Path file, String config) throws Exception {
        Files.writeString(file, config, StandardCharsets.UTF_8);
        return Prometheus.check(file);
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> s = new TreeSet<>();
        n.fieldNames().forEachRemaining(s::add);
        return s;
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> s = new TreeSet<>(a);
        s.removeAll(b);
        return s;
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void scrapesAnnotatedPodsEveryFiveSecondsAndKeepsTheirOwnTags(String overlay) throws IOException {
        Rendered r = Kustomize.render(overlay);
        JsonNode cfg = Rendered.MAPPER.readTree(config(r));
        assertEquals("5s", cfg.path("global").path("scrape_interval").asText(), overlay + ": scrape interval");
        JsonNode jobs = cfg.path("scrape_configs");
        assertEquals(List.of(POD_JOB, CADVISOR_JOB, NODE_EXPORTER_JOB), jobNames(cfg), overlay + ": scrape jobs");
        JsonNode job = jobs.get(0);
        assertEquals("pod", job.path("kubernetes_sd_configs").get(0).path("role").asText());
        assertTrue(job.path("kubernetes_sd_configs").get(0).path("namespaces").path("own_namespace").asBoolean(),
                overlay + ": discovery limited to its own namespace (what its Role allows)");
        List<String> sources = new ArrayList<>();
        Set<String> written = new TreeSet<>();
        for (JsonNode rc : job.path("relabel_configs")) {
            rc.path("source_labels").forEach(s -> sources.add(s.asText()));
            if (rc.hasNonNull("target_label")) {
                written.add(rc.get("target_label").asText());
            }
        }
        for (String a : List.of("scrape", "port", "path")) {
            assertTrue(sources.contains("__meta_kubernetes_pod_annotation_prometheus_io_" + a), overlay + ": uses prometheus.io/" + a);
        }
        assertTrue(written.containsAll(List.of("namespace", "pod", "node")), overlay + ": labels namespace, pod, node; got " + written);
        for (String own : List.of("cores", "application")) {
            assertFalse(written.contains(own), overlay + ": the services export '" + own + "' themselves; no relabeling may overwrite it");
        }
        assertFalse(job.path("honor_labels").asBoolean(false) && written.contains("instance"), "unexpected honor_labels");
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void mayListAndWatchPodsInItsNamespaceAndReadsItsMountedConfig(String overlay) {
        Rendered r = Kustomize.render(overlay);
        Deployment d = r.get(Deployment.class, "prometheus");
        String sa = Pods.spec(d).getServiceAccountName();
        RoleBinding rb = r.all(RoleBinding.class).stream()
                .filter(b -> b.getSubjects().stream().anyMatch(s -> "ServiceAccount".equals(s.getKind()) && sa.equals(s.getName())
                        && Repo.NAMESPACE.equals(s.getNamespace())))
                .findFirst().orElseThrow(() -> new AssertionError(overlay + ": no RoleBinding for " + sa));
        Role role = r.get(Role.class, rb.getRoleRef().getName());
        Set<String> verbs = new TreeSet<>();
        for (PolicyRule rule : role.getRules()) {
            if (rule.getApiGroups().contains("") && rule.getResources().contains("pods")) {
                verbs.addAll(rule.getVerbs());
            }
        }
        assertTrue(verbs.containsAll(List.of("list", "watch")), overlay + ": pod verbs " + verbs);
        Container c = Pods.container(d, "prometheus");
        String configFile = c.getArgs().stream().filter(a -> a.startsWith("--config.file=")).findFirst()
                .orElseThrow().substring("--config.file=".length());
        String dir = Path.of(configFile).getParent().toString();
        var mount = c.getVolumeMounts().stream().filter(m -> dir.equals(m.getMountPath())).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + ": nothing mounted at " + dir));
        var vol = Pods.spec(d).getVolumes().stream().filter(v -> v.getName().equals(mount.getName())).findFirst().orElseThrow();
        var cm = r.configMap("prometheus-config");
        assertEquals(cm.getMetadata().getName(), vol.getConfigMap().getName());
        assertTrue(cm.getData().containsKey(Path.of(configFile).getFileName().toString()), overlay + ": " + configFile + " not in the ConfigMap");
        String data = c.getArgs().stream().filter(a -> a.startsWith("--storage.tsdb.path=")).findFirst()
                .orElseThrow().substring("--storage.tsdb.path=".length());
        assertTrue(SecurityContextTest.volumeAt(Pods.spec(d), c, data).isPresent(), overlay + ": TSDB path " + data + " must be writable");
    }

    static List<String> jobNames(JsonNode config) {
        List<String> names = new ArrayList<>();
        config.path("scrape_configs").forEach(j -> names.add(j.path("job_name").asText()));
        return names;
    }

    static JsonNode job(JsonNode config, String name) {
        for (JsonNode j : config.path("scrape_configs")) {
            if (name.equals(j.path("job_name").asText())) {
                return j;
            }
        }
        throw new AssertionError("no scrape job " + name);
    }

    static String config(Rendered r) {
        return r.configMap("prometheus-config").getData().get("prometheus.yml");
    }
}
