package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * overlays/single-node: everything schedules on one small node (kind, minikube, k3s, Docker Desktop),
 * and differs from the base only where scheduling needs it.
 */
@SystemTest
class SingleNodeTest {

    static final String OVERLAY = "overlays/single-node";

    /** A 2-CPU, 4 GiB node with 100m CPU reserved and kubelet's default hard eviction threshold (memory.available 100Mi). */
    static final BigDecimal NODE_CPU = amount("2").subtract(amount("100m"));
    static final BigDecimal NODE_MEMORY = amount("4Gi").subtract(amount("100Mi"));

    /**
     * What a kubeadm control plane (minikube; kind adds a second CoreDNS and kindnet) requests on that node:
     * kube-apiserver 250m, kube-controller-manager 200m, kube-scheduler 100m, etcd 100m/100Mi, CoreDNS 100m/70Mi.
     */
    static final BigDecimal CONTROL_PLANE_CPU = amount("750m");
    static final BigDecimal CONTROL_PLANE_MEMORY = amount("170Mi");

    @Test
    void requestsFitATwoCpuFourGibNodeWith100mReserved() {
        assertTrue(requests("cpu").compareTo(NODE_CPU) <= 0, "CPU requests " + requests("cpu") + " exceed the node's allocatable " + NODE_CPU);
        assertTrue(requests("memory").compareTo(NODE_MEMORY) <= 0,
                "memory requests " + requests("memory") + " B exceed the node's allocatable " + NODE_MEMORY + " B");
    }

    @Test
    void requestsStillFitBesideAKubeadmControlPlane() {
        BigDecimal cpu = NODE_CPU.subtract(CONTROL_PLANE_CPU);
        BigDecimal memory = NODE_MEMORY.subtract(CONTROL_PLANE_MEMORY);
        assertTrue(requests("cpu").compareTo(cpu) <= 0, "CPU requests " + requests("cpu") + " leave no room for minikube's control plane (" + cpu + " left)");
        assertTrue(requests("memory").compareTo(memory) <= 0, "memory requests " + requests("memory") + " B; " + memory + " B left");
    }

    @Test
    void targetStaysGuaranteedWithOneWholeCpu() {
        Rendered r = Kustomize.render(OVERLAY);
        assertEquals(1, r.targets().size(), "one target");
        Container c = Pods.container(r.targets().get(0), "target-service");
        for (String res : List.of("cpu", "memory")) {
            assertEquals(0, Quantity.getAmountInBytes(c.getResources().getRequests().get(res))
                    .compareTo(Quantity.getAmountInBytes(c.getResources().getLimits().get(res))), res + ": requests = limits");
        }
        assertEquals(0, Quantity.getAmountInBytes(c.getResources().getLimits().get("cpu")).compareTo(BigDecimal.ONE), "the target's CPU");
    }

    @Test
    void nothingRequiresANodeLabelOrAnotherNode() {
        for (Deployment d : Kustomize.render(OVERLAY).all(Deployment.class)) {
            String what = d.getMetadata().getName();
            var spec = Pods.spec(d);
            assertTrue(spec.getNodeSelector() == null || spec.getNodeSelector().isEmpty(), what + ": nodeSelector " + spec.getNodeSelector());
            assertTrue(spec.getNodeName() == null, what + ": nodeName");
            Affinity a = spec.getAffinity();
            if (a == null) {
                continue;
            }
            assertTrue(a.getNodeAffinity() == null || a.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null,
                    what + ": required node affinity");
            assertEquals(List.of(), Pods.requiredAntiAffinity(d), what + ": required pod anti-affinity");
            assertTrue(a.getPodAffinity() == null || a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null
                    || a.getPodAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().isEmpty(), what + ": required pod affinity");
        }
    }

    /** Same objects, security contexts, probes, env and limits as the base: only placement and CPU requests differ. */
    @Test
    void differsFromTheBaseOnlyInPlacementAndCpuRequests() {
        Rendered single = Kustomize.render(OVERLAY);
        Rendered base = Kustomize.render("base");
        assertEquals(names(base), names(single), "the same objects as the base");
        for (Deployment d : single.all(Deployment.class)) {
            Deployment b = base.get(Deployment.class, d.getMetadata().getName());
            assertEquals(Rendered.JSON.valueToTree(placementAndCpuRequestsCleared(b)), Rendered.JSON.valueToTree(placementAndCpuRequestsCleared(d)),
                    d.getMetadata().getName() + " differs from the base beyond nodeSelector, affinity and CPU requests");
        }
    }

    private static Deployment placementAndCpuRequestsCleared(Deployment d) {
        Deployment copy = Rendered.JSON.convertValue(d, Deployment.class);
        Pods.spec(copy).setNodeSelector(null);
        Pods.spec(copy).setAffinity(null);
        for (Container c : Pods.spec(copy).getContainers()) {
            c.getResources().getRequests().remove("cpu");
        }
        return copy;
    }

    private static List<String> names(Rendered r) {
        List<String> n = new ArrayList<>();
        r.objects().forEach(o -> n.add(o.getKind() + "/" + o.getMetadata().getName()));
        return n.stream().sorted().toList();
    }

    /** The sum of {@code resource} requests over every container of every replica; a container without one fails. */
    private static BigDecimal requests(String resource) {
        BigDecimal sum = BigDecimal.ZERO;
        for (Deployment d : Kustomize.render(OVERLAY).all(Deployment.class)) {
            var spec = Pods.spec(d);
            assertTrue(spec.getInitContainers() == null || spec.getInitContainers().isEmpty(),
                    d.getMetadata().getName() + ": init containers would need their own accounting");
            int replicas = d.getSpec().getReplicas() == null ? 1 : d.getSpec().getReplicas();
            for (Container c : spec.getContainers()) {
                Quantity q = c.getResources() == null || c.getResources().getRequests() == null ? null : c.getResources().getRequests().get(resource);
                assertNotNull(q, d.getMetadata().getName() + "/" + c.getName() + ": no " + resource + " request, so the sum would be a guess");
                sum = sum.add(Quantity.getAmountInBytes(q).multiply(BigDecimal.valueOf(replicas)));
            }
        }
        return sum;
    }

    /** A quantity as a plain number: CPUs for "100m", bytes for "4Gi". */
    private static BigDecimal amount(String q) {
        return Quantity.getAmountInBytes(new Quantity(q));
    }
}
