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
        String ns = d.getMetadata().getNamespace();
        return requiredAntiAffinity(d).stream().anyMatch(t -> HOSTNAME.equals(t.getTopologyKey())
                && (t.getNamespaces() == null || t.getNamespaces().isEmpty() || t.getNamespaces().contains(other.getMetadata().getNamespace()))
                && t.getNamespaceSelector() == null
                && Objects.equals(ns, other.getMetadata().getNamespace())
                && matches(t.getLabelSelector(), podLabels(other)));
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
