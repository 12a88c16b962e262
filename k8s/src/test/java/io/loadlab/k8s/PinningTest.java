package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where pods land and what CPU they own: the core of a fair comparison between node sizes. */
@SystemTest
class PinningTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;
    static final List<String> PINNED = Kustomize.PINNED;

    /** CPUs granted on an N-core node: one whole core stays with kubelet, system and DaemonSets. */
    @ParameterizedTest
    @CsvSource({"4, 3", "8, 7", "16, 15"})
    void singleSizeOverlayPinsItsTargetToThatNodeSize(int cores, int cpus) {
        Rendered r = Kustomize.render("overlays/cores-" + cores);
        assertEquals(1, r.targets().size(), r + ": one target");
        assertPinned(r, r.targets().get(0), cores, cpus);
    }

    @Test
    void compareRunsOneTargetPerNodeSizeEachBehindItsOwnService() {
        Rendered r = Kustomize.render("overlays/compare");
        assertEquals(3, r.targets().size(), "compare: three targets");
        Map<Integer, Integer> cpus = Map.of(4, 3, 8, 7, 16, 15);
        cpus.forEach((cores, cpu) -> {
            Deployment d = r.get(Deployment.class, "target-" + cores);
            assertPinned(r, d, cores, cpu);
            Service s = r.get(Service.class, "target-" + cores);
            for (Deployment other : r.targets()) {
                assertEquals(other == d, Pods.matches(s.getSpec().getSelector(), Pods.podLabels(other)),
                        "Service target-" + cores + " selects " + other.getMetadata().getName() + "?");
            }
            assertTrue(Pods.matches(d.getSpec().getSelector(), Pods.podLabels(d)), d.getMetadata().getName() + " selector");
        });
        assertTrue(r.find(Service.class, "target").isEmpty(), "compare has no unsized 'target' Service");
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyTargetIsGuaranteedWithIntegerCpu(String overlay) {
        for (Deployment d : Kustomize.render(overlay).targets()) {
            String what = overlay + ": " + d.getMetadata().getName();
            for (Container c : Pods.spec(d).getContainers()) {
                var req = c.getResources().getRequests();
                var lim = c.getResources().getLimits();
                for (String res : List.of("cpu", "memory")) {
                    assertNotNull(lim == null ? null : lim.get(res), what + ": no " + res + " limit");
                    assertEquals(0, Quantity.getAmountInBytes(lim.get(res)).compareTo(Quantity.getAmountInBytes(req.get(res))),
                            what + ": " + res + " requests must equal limits (Guaranteed QoS)");
                }
                BigDecimal cpu = Quantity.getAmountInBytes(lim.get("cpu"));
                assertTrue(cpu.signum() > 0 && cpu.stripTrailingZeros().scale() <= 0,
                        what + ": cpu " + lim.get("cpu") + " is not a whole number of cores; the static CPU manager grants exclusive cores only to integer requests");
            }
        }
    }

    @ParameterizedTest
    @FieldSource("PINNED")
    void loadgenNeverSharesANodeWithATarget(String overlay) {
        Rendered r = Kustomize.render(overlay);
        Deployment lg = r.loadgen();
        assertEquals("loadgen", Pods.spec(lg).getNodeSelector().get(Pods.ROLE), overlay + ": loadgen node role");
        assertTolerates(overlay, lg);
        for (Deployment t : r.targets()) {
            String what = overlay + ": " + t.getMetadata().getName();
            // A node has one value for loadlab.io/role, so the nodeSelectors alone keep them apart...
            assertEquals("target", Pods.spec(t).getNodeSelector().get(Pods.ROLE), what + ": target node role");
            // ...and the required anti-affinity holds even on a node labelled by mistake.
            assertTrue(Pods.repels(lg, t), what + ": the loadgen's required anti-affinity must exclude this target's node");
            assertTrue(Pods.repels(t, lg), what + ": this target's required anti-affinity must exclude the loadgen's node");
            for (Deployment other : r.targets()) {
                if (other != t) {
                    assertTrue(Pods.repels(t, other), what + " may share a node with " + other.getMetadata().getName());
                }
            }
        }
        // Prometheus and Grafana stay off target nodes too.
        for (String name : List.of("prometheus", "grafana")) {
            Deployment d = r.get(Deployment.class, name);
            r.targets().forEach(t -> assertTrue(Pods.repels(d, t), overlay + ": " + name + " may land beside " + t.getMetadata().getName()));
        }
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void loadgenMayAimAtTheTargetServicesAndNothingElse(String overlay) {
        Rendered r = Kustomize.render(overlay);
        String allowed = Pods.container(r.loadgen(), "loadgen-service").getEnv().stream()
                .filter(e -> e.getName().equals("LOADGEN_TARGETS_ALLOWED")).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + ": no LOADGEN_TARGETS_ALLOWED")).getValue();
        List<String> expected = r.all(Service.class).stream()
                .filter(s -> r.targets().stream().anyMatch(t -> Pods.matches(s.getSpec().getSelector(), Pods.podLabels(t))))
                .map(s -> s.getMetadata().getName() + "." + s.getMetadata().getNamespace() + ".svc.cluster.local")
                .sorted().toList();
        assertFalse(expected.isEmpty());
        assertEquals(expected, java.util.Arrays.stream(allowed.split(",")).map(String::trim).sorted().toList(),
                overlay + ": the allowlist must name exactly the target Services");
    }

    private static void assertPinned(Rendered r, Deployment d, int cores, int cpus) {
        String what = r + ": " + d.getMetadata().getName();
        Map<String, String> sel = Pods.spec(d).getNodeSelector();
        assertEquals(Map.of(Pods.ROLE, "target", Pods.CORES, Integer.toString(cores)), sel, what + " nodeSelector");
        assertEquals(Integer.toString(cores), Pods.podLabels(d).get(Pods.CORES), what + ": pod label " + Pods.CORES);
        assertTolerates(what, d);
        Container c = Pods.container(d, "target-service");
        assertEquals(0, Quantity.getAmountInBytes(c.getResources().getLimits().get("cpu")).compareTo(BigDecimal.valueOf(cpus)),
                what + ": cpu on a " + cores + "-core node");
        assertEquals("Recreate", d.getSpec().getStrategy().getType(), what + ": two targets must never overlap on a node");
    }

    private static void assertTolerates(String what, Deployment d) {
        List<Toleration> t = Pods.spec(d).getTolerations();
        assertTrue(t != null && t.stream().anyMatch(x -> "loadlab.io/benchmark".equals(x.getKey())
                        && "NoSchedule".equals(x.getEffect()) && ("Exists".equals(x.getOperator()) || "true".equals(x.getValue()))),
                what + ": must tolerate loadlab.io/benchmark=true:NoSchedule");
    }
}
