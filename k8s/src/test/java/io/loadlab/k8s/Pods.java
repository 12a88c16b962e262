package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.apps.Deployment;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Reading pod templates the way the scheduler and kubelet would. */
final class Pods {

    static final String ROLE = "loadlab.io/role";
    static final String CORES = "loadlab.io/cores";
    static final String HOSTNAME = "kubernetes.io/hostname";

    private Pods() {
    }

    static Map<String, String> podLabels(Deployment d) {
        return d.getSpec().getTemplate().getMetadata().getLabels();
    }

    static PodSpec spec(Deployment d) {
        return d.getSpec().getTemplate().getSpec();
    }

    static boolean isTarget(Deployment d) {
        return "target-service".equals(podLabels(d).get("app.kubernetes.io/name"));
    }

    static boolean isLoadgen(Deployment d) {
        return "loadgen-service".equals(podLabels(d).get("app.kubernetes.io/name"));
    }

    static Container container(Deployment d, String name) {
        return spec(d).getContainers().stream().filter(c -> c.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(d.getMetadata().getName() + ": no container " + name));
    }

    /** The required (hard) pod anti-affinity terms; preferred ones don't keep anything apart. */
    static List<PodAffinityTerm> requiredAntiAffinity(Deployment d) {
        var a = spec(d).getAffinity();
        if (a == null || a.getPodAntiAffinity() == null
                || a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null) {
            return List.of();
        }
        return a.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
    }

    /** True when a required anti-affinity term of {@code d} keeps it off any node running {@code other}. */
    static boolean repels(Deployment d, Deployment other) {
        return requiredAntiAffinity(d).stream().anyMatch(t -> HOSTNAME.equals(t.getTopologyKey())
                && coversNamespace(t, d.getMetadata().getNamespace(), other.getMetadata().getNamespace())
                && matches(t.getLabelSelector(), podLabels(other)));
    }

    /**
     * Kubernetes' rule for a term's namespaces: the listed ones and those its namespaceSelector picks (an empty
     * selector picks every namespace); with neither, the pod's own. A non-empty selector reads namespace labels the
     * manifests do not carry, so it counts as covering nothing here.
     */
    static boolean coversNamespace(PodAffinityTerm t, String own, String other) {
        LabelSelector s = t.getNamespaceSelector();
        boolean listed = t.getNamespaces() != null && !t.getNamespaces().isEmpty();
        boolean everyNamespace = s != null && (s.getMatchLabels() == null || s.getMatchLabels().isEmpty())
                && (s.getMatchExpressions() == null || s.getMatchExpressions().isEmpty());
        return everyNamespace || (listed && t.getNamespaces().contains(other)) || (!listed && s == null && Objects.equals(own, other));
    }

    /** Label selector semantics (matchLabels AND matchExpressions); a null selector matches nothing. */
    static boolean matches(LabelSelector s, Map<String, String> labels) {
        if (s == null) {
            return false;
        }
        if (s.getMatchLabels() != null) {
            for (var e : s.getMatchLabels().entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return false;
                }
            }
        }
        if (s.getMatchExpressions() != null) {
            for (LabelSelectorRequirement r : s.getMatchExpressions()) {
                String v = labels.get(r.getKey());
                boolean ok = switch (r.getOperator()) {
                    case "In" -> v != null && r.getValues().contains(v);
                    case "NotIn" -> v == null || !r.getValues().contains(v);
                    case "Exists" -> v != null;
                    case "DoesNotExist" -> v == null;
                    default -> false;
                };
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }

    static boolean matches(Map<String, String> selector, Map<String, String> labels) {
        return selector != null && !selector.isEmpty()
                && selector.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }

    /** The numeric container port a probe (or a named port) points at. */
    static int portNumber(Container c, io.fabric8.kubernetes.api.model.IntOrString port) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return c.getPorts().stream().filter(p -> port.getStrVal().equals(p.getName())).findFirst()
                .map(p -> p.getContainerPort())
                .orElseThrow(() -> new AssertionError(c.getName() + ": no port named " + port.getStrVal()));
    }

    static Optional<String> httpGetPath(Probe p) {
        return Optional.ofNullable(p).map(Probe::getHttpGet).map(h -> h.getPath());
    }
}
