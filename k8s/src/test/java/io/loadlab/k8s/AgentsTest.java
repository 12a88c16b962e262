package io.loadlab.k8s;

import io.loadlab.testsupport.SystemTest;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Distributed load (issue 12): the agents' StatefulSet and headless Service, the controller's discovery of them, and
 * the NetworkPolicies, read the way the scheduler, kube-dns and a NetworkPolicy-enforcing CNI would.
 */
@SystemTest
class AgentsTest {

    static final String AGENT = "loadgen-agent";

    private final Rendered compare = Kustomize.render("overlays/compare");

    private Workload workload(Rendered r, String name) {
        return r.workloads().stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(r + ": no workload " + name));
    }

    @Test
    void compareRunsTwoAgentsBehindAHeadlessServiceTheyAreGovernedBy() {
        StatefulSet agents = compare.get(StatefulSet.class, AGENT);
        assertEquals(2, agents.getSpec().getReplicas());
        Service svc = compare.get(Service.class, agents.getSpec().getServiceName());
        assertEquals("None", svc.getSpec().getClusterIP(), "headless: one A record per agent pod");
        for (Workload w : compare.workloads()) {
            assertEquals(w.name().equals(AGENT), Pods.matches(svc.getSpec().getSelector(), w.labels()),
                    "Service " + svc.getMetadata().getName() + " selects " + w.name() + "?");
        }
        assertTrue(Pods.matches(agents.getSpec().getSelector(), workload(compare, AGENT).labels()));
        ServicePort port = svc.getSpec().getPorts().get(0);
        Container c = workload(compare, AGENT).spec().getContainers().get(0);
        assertEquals(port.getPort(), Pods.portNumber(c, port.getTargetPort()));
    }

    @Test
    void theControllerResolvesExactlyThatServiceAtItsPort() {
        Service svc = compare.get(Service.class, compare.get(StatefulSet.class, AGENT).getSpec().getServiceName());
        String expected = "dns:" + svc.getMetadata().getName() + "." + svc.getMetadata().getNamespace()
                + ".svc.cluster.local:" + svc.getSpec().getPorts().get(0).getPort();
        assertEquals(expected, env(Pods.container(compare.loadgen(), "loadgen-service"), "LOADGEN_AGENTS"));
    }

    @Test
    void agentsRefuseWhatTheControllerRefuses() {
        Container controller = Pods.container(compare.loadgen(), "loadgen-service");
        Container agent = workload(compare, AGENT).spec().getContainers().get(0);
        assertEquals(env(controller, "LOADGEN_TARGETS_ALLOWED"), env(agent, "LOADGEN_TARGETS_ALLOWED"),
                "the agents' allowlist is the controller's");
        EnvVar token = agent.getEnv().stream().filter(e -> e.getName().equals("LOADGEN_API_TOKEN")).findFirst().orElseThrow();
        assertEquals("loadgen-api", token.getValueFrom().getSecretKeyRef().getName(), "the controller's token");
        assertEquals(controller.getImage(), agent.getImage(), "one version on both sides");
    }

    @Test
    void oneAgentPerLoadgenNodeAndNeverBesideATarget() {
        Workload agents = workload(compare, AGENT);
        assertEquals("loadgen", agents.spec().getNodeSelector().get(Pods.ROLE));
        assertTrue(agents.spec().getTolerations().stream().anyMatch(t -> "loadlab.io/benchmark".equals(t.getKey())
                && "NoSchedule".equals(t.getEffect())), "tolerates the benchmark taint");
        List<PodAffinityTerm> required = agents.spec().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution();
        assertTrue(required.stream().anyMatch(t -> Pods.HOSTNAME.equals(t.getTopologyKey())
                && Pods.matches(t.getLabelSelector(), agents.labels())), "required: no two agents on one node");
        for (Workload target : compare.workloads().stream().filter(w -> "target-service".equals(w.labels().get("app.kubernetes.io/name"))).toList()) {
            assertTrue(required.stream().anyMatch(t -> Pods.HOSTNAME.equals(t.getTopologyKey())
                    && Pods.matches(t.getLabelSelector(), target.labels())), "agents repel " + target.name());
            assertTrue(target.spec().getAffinity().getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                    .stream().anyMatch(t -> Pods.HOSTNAME.equals(t.getTopologyKey())
                            && Pods.matches(t.getLabelSelector(), agents.labels())), target.name() + " repels the agents");
        }
    }

    @Test
    void onlyTheControllerReachesTheAgentsApiAndOnlyGeneratorsLoadTheTargets() {
        // Prometheus scrapes /q/metrics on the same ports, and nothing else gets in.
        assertEquals(Set.of("loadgen", "prometheus"), reaching(AGENT, "TCP", 8090));
        for (String target : List.of("target-4", "target-8", "target-16")) {
            assertEquals(Set.of("loadgen", AGENT, "prometheus"), reaching(target, "TCP", 8080), target);
            assertEquals(Set.of("loadgen", AGENT), reaching(target, "TCP", 8443), target);
            assertEquals(Set.of("loadgen", AGENT), reaching(target, "UDP", 11111), target);
            assertEquals(Set.of("loadgen", AGENT), reaching(target, "TCP", 5201), target);
            assertEquals(Set.of("loadgen", AGENT), reaching(target, "UDP", 5201), target);
        }
        assertEquals(Set.of("grafana", "loadgen", AGENT, "prometheus", "target-16", "target-4", "target-8"),
                reaching("prometheus", "TCP", 9090), "pods no policy selects stay open");
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/cores-4", "overlays/single-node"})
    void withoutTheComponentTheLoadgenStaysLocal(String overlay) {
        Rendered r = Kustomize.render(overlay);
        assertTrue(r.all(StatefulSet.class).isEmpty());
        assertTrue(Pods.container(r.loadgen(), "loadgen-service").getEnv().stream()
                .noneMatch(e -> e.getName().equals("LOADGEN_AGENTS")), overlay + ": no agents configured");
    }

    /** The workloads whose pods may open a connection to {@code dest}'s pods at that port, by NetworkPolicy semantics. */
    private Set<String> reaching(String dest, String protocol, int port) {
        Workload to = workload(compare, dest);
        List<NetworkPolicy> selecting = compare.all(NetworkPolicy.class).stream()
                .filter(p -> p.getMetadata().getNamespace().equals(to.namespace())
                        && p.getSpec().getPolicyTypes().contains("Ingress")
                        && Pods.matches(p.getSpec().getPodSelector(), to.labels()))
                .toList();
        Set<String> from = new TreeSet<>();
        for (Workload w : compare.workloads()) {
            if (selecting.isEmpty() || selecting.stream().anyMatch(p -> allows(p, w, to, protocol, port))) {
                from.add(w.name());
            }
        }
        return from;
    }

    private static boolean allows(NetworkPolicy p, Workload source, Workload to, String protocol, int port) {
        for (NetworkPolicyIngressRule rule : p.getSpec().getIngress()) {
            boolean peer = rule.getFrom() == null || rule.getFrom().isEmpty() || rule.getFrom().stream()
                    .anyMatch(f -> peerMatches(f, source, p.getMetadata().getNamespace()));
            boolean ports = rule.getPorts() == null || rule.getPorts().isEmpty() || rule.getPorts().stream()
                    .anyMatch(np -> portMatches(np, to, protocol, port));
            if (peer && ports) {
                return true;
            }
        }
        return false;
    }

    private static boolean peerMatches(NetworkPolicyPeer peer, Workload source, String namespace) {
        assertTrue(peer.getIpBlock() == null && peer.getNamespaceSelector() == null, "only same-namespace pod peers are shipped");
        assertNotNull(peer.getPodSelector());
        return source.namespace().equals(namespace) && Pods.matches(peer.getPodSelector(), source.labels());
    }

    private static boolean portMatches(NetworkPolicyPort np, Workload to, String protocol, int port) {
        String p = np.getProtocol() == null ? "TCP" : np.getProtocol();
        if (!p.equals(protocol)) {
            return false;
        }
        Container c = to.spec().getContainers().get(0);
        return np.getPort() == null || Pods.portNumber(c, np.getPort()) == port;
    }

    private static String env(Container c, String name) {
        return c.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + ": no " + name)).getValue();
    }
}
