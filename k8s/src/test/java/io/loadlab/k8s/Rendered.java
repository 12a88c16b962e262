package io.loadlab.k8s;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * One rendered kustomization: every document parsed into its fabric8 model class with unknown fields
 * rejected (Jackson's FAIL_ON_UNKNOWN_PROPERTIES, plus {@link StrictModel} for the fields the model
 * would otherwise keep in its additionalProperties).
 */
record Rendered(String name, String yaml, List<HasMetadata> objects) {

    static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, true);
    static final ObjectMapper JSON = new ObjectMapper().configure(SerializationFeature.INDENT_OUTPUT, false);

    /** The kinds loadlab ships (apiVersion/kind → model). CRDs of the operator component included. */
    static final Map<String, Class<? extends HasMetadata>> KINDS = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Secret", Secret.class),
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("v1/PersistentVolumeClaim", PersistentVolumeClaim.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", io.fabric8.kubernetes.api.model.apps.StatefulSet.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class),
            Map.entry("rbac.authorization.k8s.io/v1/Role", Role.class),
            Map.entry("rbac.authorization.k8s.io/v1/RoleBinding", RoleBinding.class),
            Map.entry("rbac.authorization.k8s.io/v1/ClusterRole", ClusterRole.class),
            Map.entry("rbac.authorization.k8s.io/v1/ClusterRoleBinding", ClusterRoleBinding.class),
            Map.entry("monitoring.coreos.com/v1/PodMonitor", PodMonitor.class),
            Map.entry("monitoring.coreos.com/v1/ServiceMonitor", ServiceMonitor.class));

    static Rendered parse(String name, String yaml) {
        List<HasMetadata> objects = new ArrayList<>();
        try (var parser = new YAMLFactory().createParser(yaml)) {
            List<JsonNode> docs = new YAMLMapper().readValues(parser, JsonNode.class).readAll();
            for (JsonNode doc : docs) {
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                String key = doc.path("apiVersion").asText() + "/" + doc.path("kind").asText();
                Class<? extends HasMetadata> type = KINDS.get(key);
                if (type == null) {
                    fail(name + ": unexpected object " + key + " " + doc.path("metadata").path("name").asText());
                }
                HasMetadata o;
                try {
                    o = MAPPER.treeToValue(doc, type);
                } catch (IOException e) {
                    return fail(name + ": " + key + " " + doc.path("metadata").path("name").asText()
                            + " is not a valid " + type.getSimpleName() + ": " + e.getMessage());
                }
                String what = name + ": " + key + " " + o.getMetadata().getName();
                StrictModel.assertNoUnknownFields(what, o);
                StrictModel.assertContained(what, "", doc, JSON.valueToTree(o));
                objects.add(o);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
        return new Rendered(name, yaml, List.copyOf(objects));
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return all(type).stream().filter(o -> o.getMetadata().getName().equals(name)).findFirst();
    }

    <T extends HasMetadata> T get(Class<T> type, String name) {
        return find(type, name).orElseThrow(() -> new AssertionError(this.name + ": no " + type.getSimpleName() + " " + name));
    }

    /** Every Deployment and StatefulSet: whatever runs pods. */
    List<Workload> workloads() {
        return objects.stream().map(Workload::of).filter(java.util.Objects::nonNull).toList();
    }

    /** ConfigMaps are generated with a content hash suffix; this finds one by its generator name. */
    ConfigMap configMap(String generatorName) {
        List<ConfigMap> found = all(ConfigMap.class).stream()
                .filter(c -> c.getMetadata().getName().matches(java.util.regex.Pattern.quote(generatorName) + "-[a-z0-9]{10}"))
                .toList();
        if (found.size() != 1) {
            fail(name + ": expected one ConfigMap generated as " + generatorName + ", found " + found.size());
        }
        return found.get(0);
    }

    List<Deployment> targets() {
        return all(Deployment.class).stream().filter(Pods::isTarget).toList();
    }

    Deployment loadgen() {
        List<Deployment> l = all(Deployment.class).stream().filter(Pods::isLoadgen).toList();
        if (l.size() != 1) {
            fail(name + ": expected one loadgen Deployment, found " + l.size());
        }
        return l.get(0);
    }

    /** Size of the object as {@code kubectl apply} stores it in its last-applied annotation (JSON). */
    static int appliedSize(HasMetadata o) {
        try {
            ObjectNode n = JSON.valueToTree(o);
            return JSON.writeValueAsBytes(n).length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
