package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every overlay renders into valid objects (unknown fields rejected) in the loadlab namespace. */
@SystemTest
class ManifestsTest {

    static final java.util.List<String> OVERLAYS = Kustomize.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void rendersIntoKnownValidObjectsInOneNamespace(String overlay) {
        Rendered r = Kustomize.render(overlay);
        assertFalse(r.objects().isEmpty(), overlay + " rendered nothing");
        assertEquals(1, r.all(Namespace.class).size(), overlay + ": one Namespace");
        assertEquals(Repo.NAMESPACE, r.all(Namespace.class).get(0).getMetadata().getName());
        for (HasMetadata o : r.objects()) {
            // cluster-scoped: the Namespace, and Prometheus' node-reading ClusterRole and its binding (issue 23)
            boolean clusterScoped = o instanceof Namespace || o instanceof ClusterRole || o instanceof ClusterRoleBinding;
            assertEquals(clusterScoped ? null : Repo.NAMESPACE, o.getMetadata().getNamespace(),
                    overlay + ": " + o.getKind() + " " + o.getMetadata().getName() + " namespace");
        }
        // The platform: one loadgen, Prometheus and Grafana in every overlay.
        r.loadgen();
        r.get(Deployment.class, "prometheus");
        r.get(Deployment.class, "grafana");
        assertFalse(r.targets().isEmpty(), overlay + ": no target");
    }

    /**
     * The documented first step is {@code kubectl apply -f k8s/base/platform/namespace.yaml}: that file must be
     * exactly the Namespace every overlay applies, so the later {@code apply -k} finds its own last-applied
     * configuration and changes nothing.
     */
    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void theNamespaceFileIsTheNamespaceEveryOverlayApplies(String overlay) throws java.io.IOException {
        Namespace file = Rendered.MAPPER.readValue(Repo.k8s().resolve("base/platform/namespace.yaml").toFile(), Namespace.class);
        Namespace rendered = Kustomize.render(overlay).all(Namespace.class).get(0);
        assertEquals(Rendered.JSON.valueToTree(file), Rendered.JSON.valueToTree(rendered), overlay);
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void noSecretValuesAreShipped(String overlay) {
        Rendered r = Kustomize.render(overlay);
        for (Secret s : r.all(Secret.class)) {
            assertTrue((s.getData() == null || s.getData().isEmpty()) && (s.getStringData() == null || s.getStringData().isEmpty()),
                    overlay + ": Secret " + s.getMetadata().getName() + " carries data; the user creates secrets");
        }
        var token = Pods.container(r.loadgen(), "loadgen-service").getEnv().stream()
                .filter(e -> e.getName().equals("LOADGEN_API_TOKEN")).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + ": loadgen has no LOADGEN_API_TOKEN"));
        assertEquals(null, token.getValue(), overlay + ": the API token must not be a literal");
        assertEquals("loadgen-api", token.getValueFrom().getSecretKeyRef().getName());
        assertEquals("token", token.getValueFrom().getSecretKeyRef().getKey());
        assertFalse(Boolean.TRUE.equals(token.getValueFrom().getSecretKeyRef().getOptional()),
                "without a token the loadgen refuses to start; say so at pod creation instead");
    }
}
