package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 23: Prometheus in every overlay scrapes each node's kubelet cAdvisor (through the API server's node proxy,
 * cAdvisor's own timestamps kept) and node-exporter where a node is labelled for it; the ClusterRole that allows it
 * is read-only and exactly what node discovery and the kubelet's metrics need.
 */
@SystemTest
class NodeScrapeTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void cadvisorIsScrapedPerNodeThroughTheApiServerWithItsOwnTimestamps(String overlay) throws IOException {
        JsonNode job = PrometheusTest.job(config(overlay), PrometheusTest.CADVISOR_JOB);
        assertEquals("node", job.path("kubernetes_sd_configs").get(0).path("role").asText(), overlay);
        assertTrue(job.path("honor_timestamps").asBoolean(false), overlay + ": cAdvisor's sample times are the truth");
        assertEquals("https", job.path("scheme").asText(), overlay);
        assertEquals("/var/run/secrets/kubernetes.io/serviceaccount/ca.crt", job.path("tls_config").path("ca_file").asText(), overlay);
        assertFalse(job.path("tls_config").path("insecure_skip_verify").asBoolean(false), overlay + ": TLS verified");
        Map<String, String> t = node("worker-8", "10.0.0.8", Map.of("loadlab.io/cores", "8"));
        assertTrue(Relabel.apply(job.path("relabel_configs"), t), overlay);
        assertEquals("kubernetes.default.svc:443", t.get("__address__"), overlay);
        assertEquals("/api/v1/nodes/worker-8/proxy/metrics/cadvisor", t.get("__metrics_path__"), overlay);
        assertEquals("worker-8", t.get("node"), overlay);
        assertEquals("8", t.get("node_cores"), overlay);
        // every family the cadvisor preset and the node-size dashboard read survives the metric relabeling
        JsonNode keep = job.path("metric_relabel_configs");
        for (String family : List.of("container_cpu_usage_seconds_total", "container_cpu_cfs_periods_total",
                "container_cpu_cfs_throttled_periods_total", "container_spec_cpu_quota", "container_spec_cpu_period",
                "container_network_transmit_bytes_total", "container_pressure_cpu_waiting_seconds_total")) {
            assertTrue(Relabel.apply(keep, new HashMap<>(Map.of("__name__", family))), overlay + ": drops " + family);
        }
        assertFalse(Relabel.apply(keep, new HashMap<>(Map.of("__name__", "container_fs_reads_total"))), overlay + ": keeps everything");
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void nodeExporterIsScrapedOnlyOnNodesLabelledForIt(String overlay) throws IOException {
        JsonNode rules = PrometheusTest.job(config(overlay), PrometheusTest.NODE_EXPORTER_JOB).path("relabel_configs");
        Map<String, String> labelled = node("worker-4", "10.0.0.4", Map.of("loadlab.io/node-exporter", "true"));
        assertTrue(Relabel.apply(rules, labelled), overlay);
        assertEquals("10.0.0.4:9100", labelled.get("__address__"), overlay);
        assertEquals("worker-4", labelled.get("node"), overlay);
        assertFalse(Relabel.apply(rules, node("worker-16", "10.0.0.16", Map.of())), overlay + ": a node without node-exporter is not a target");
    }

    /** Exactly: nodes list/watch for discovery, get on nodes/metrics and nodes/proxy; bound to Prometheus' account. */
    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void theClusterRoleIsReadOnlyNodesAndNothingMore(String overlay) {
        Rendered r = Kustomize.render(overlay);
        String account = Pods.spec(r.get(Deployment.class, "prometheus")).getServiceAccountName();
        List<ClusterRoleBinding> bindings = r.all(ClusterRoleBinding.class);
        assertEquals(1, bindings.size(), overlay + ": cluster-wide bindings");
        ClusterRoleBinding b = bindings.get(0);
        assertEquals(1, b.getSubjects().size());
        assertEquals(List.of("ServiceAccount", account, Repo.NAMESPACE), List.of(b.getSubjects().get(0).getKind(),
                b.getSubjects().get(0).getName(), b.getSubjects().get(0).getNamespace()), overlay);
        assertEquals("ClusterRole", b.getRoleRef().getKind());
        ClusterRole role = r.get(ClusterRole.class, b.getRoleRef().getName());
        Set<String> granted = new TreeSet<>();
        for (PolicyRule rule : role.getRules()) {
            assertEquals(List.of(""), rule.getApiGroups(), overlay + ": core API group only");
            assertTrue(rule.getResourceNames() == null || rule.getResourceNames().isEmpty());
            assertTrue(rule.getNonResourceURLs() == null || rule.getNonResourceURLs().isEmpty());
            rule.getResources().forEach(res -> rule.getVerbs().forEach(v -> granted.add(res + ":" + v)));
        }
        assertEquals(Set.of("nodes:list", "nodes:watch", "nodes/metrics:get", "nodes/proxy:get"), granted, overlay);
        assertEquals(1, r.all(ClusterRole.class).size(), overlay + ": one ClusterRole");
    }

    private static JsonNode config(String overlay) throws IOException {
        return Rendered.MAPPER.readTree(PrometheusTest.config(Kustomize.render(overlay)));
    }

    /** The meta labels Prometheus' node discovery gives a node (the kubelet's port as its address). */
    private static Map<String, String> node(String name, String ip, Map<String, String> labels) {
        Map<String, String> t = new HashMap<>();
        t.put("__address__", ip + ":10250");
        t.put("__metrics_path__", "/metrics");
        t.put("__scheme__", "https");
        t.put("__meta_kubernetes_node_name", name);
        t.put("__meta_kubernetes_node_address_InternalIP", ip);
        labels.forEach((k, v) -> t.put("__meta_kubernetes_node_label_" + k.replaceAll("[^a-zA-Z0-9_]", "_"), v));
        return t;
    }
}
