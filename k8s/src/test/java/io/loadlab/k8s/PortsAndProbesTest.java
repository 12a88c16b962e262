package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ports and paths agree with each service's own application.properties. */
@SystemTest
class PortsAndProbesTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void probesAndScrapeAnnotationsMatchTheServices(String overlay) {
        Rendered r = Kustomize.render(overlay);
        for (Deployment d : r.targets()) {
            check(overlay, d, "target-service");
        }
        check(overlay, r.loadgen(), "loadgen-service");
    }

    /**
     * Every pod running one of our services (targets, the loadgen, its agents) has a startup probe, so readiness is not
     * tried before the JVM listens: on a real cluster each loadgen start logged "Readiness probe failed: connection
     * refused" (issue 28). It asks what liveness asks, on the port readiness uses, and gives the JVM time to start.
     */
    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void ourServicesHaveAStartupProbeBeforeReadiness(String overlay) {
        int checked = 0;
        for (Workload w : Kustomize.render(overlay).workloads()) {
            for (Container c : w.spec().getContainers()) {
                if (!c.getName().equals("target-service") && !c.getName().equals("loadgen-service")) {
                    continue;
                }
                String what = overlay + ": " + w.name() + "/" + c.getName();
                Probe s = c.getStartupProbe();
                assertTrue(s != null && s.getHttpGet() != null, what + " has no httpGet startupProbe");
                assertEquals(Pods.httpGetPath(c.getLivenessProbe()).orElse(null), s.getHttpGet().getPath(), what + " startup path");
                assertEquals(Pods.portNumber(c, c.getReadinessProbe().getHttpGet().getPort()), Pods.portNumber(c, s.getHttpGet().getPort()),
                        what + " startup port");
                int delay = s.getInitialDelaySeconds() == null ? 0 : s.getInitialDelaySeconds();
                assertTrue(delay >= 2, what + ": the first startup try before the JVM's measured 1.6 s start is a warning event");
                assertTrue(delay + s.getPeriodSeconds() * s.getFailureThreshold() >= 30,
                        what + ": under 30 s for a JVM start on a crowded node before the kubelet restarts it");
                assertEquals(null, c.getReadinessProbe().getInitialDelaySeconds(), what + ": readiness needs no delay after the startup probe");
                checked++;
            }
        }
        assertTrue(checked >= 2, overlay + ": found " + checked + " containers of ours");
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void servicesExposeTheServicesPorts(String overlay) {
        Rendered r = Kustomize.render(overlay);
        for (Deployment t : r.targets()) {
            Service s = serviceFor(r, t);
            assertPort(overlay, s, t, "TCP", Repo.httpPort("target-service"));
            assertPort(overlay, s, t, "TCP", Repo.targetHttpsPort());
            assertPort(overlay, s, t, "UDP", Repo.targetUdpPort());
            assertPort(overlay, s, t, "TCP", Repo.targetIperfPort());
            assertPort(overlay, s, t, "UDP", Repo.targetIperfPort());
        }
        Deployment lg = r.loadgen();
        assertPort(overlay, serviceFor(r, lg), lg, "TCP", Repo.httpPort("loadgen-service"));
    }

    private static void check(String overlay, Deployment d, String service) {
        String what = overlay + ": " + d.getMetadata().getName();
        Container c = Pods.container(d, service);
        int http = Repo.httpPort(service);
        int mgmt = Repo.managementPort(service);
        String q = Repo.nonApplicationRoot(service);
        assertTrue(c.getPorts().stream().anyMatch(p -> p.getContainerPort() == http && "TCP".equals(p.getProtocol())),
                what + ": container port " + http);
        assertEquals(q + "/health/live", Pods.httpGetPath(c.getLivenessProbe()).orElse(null), what + " liveness path");
        assertEquals(q + "/health/ready", Pods.httpGetPath(c.getReadinessProbe()).orElse(null), what + " readiness path");
        assertEquals(mgmt, Pods.portNumber(c, c.getLivenessProbe().getHttpGet().getPort()), what + " liveness port");
        assertEquals(mgmt, Pods.portNumber(c, c.getReadinessProbe().getHttpGet().getPort()), what + " readiness port");
        Map<String, String> a = d.getSpec().getTemplate().getMetadata().getAnnotations();
        assertEquals("true", a.get("prometheus.io/scrape"), what + " prometheus.io/scrape");
        assertEquals(Integer.toString(mgmt), a.get("prometheus.io/port"), what + " prometheus.io/port");
        assertEquals(q + "/metrics", a.get("prometheus.io/path"), what + " prometheus.io/path");
        assertTrue(c.getPorts().stream().anyMatch(p -> p.getContainerPort() == mgmt && "TCP".equals(p.getProtocol())),
                what + ": the scrape port " + mgmt + " must be a declared TCP container port (the scrape config keeps only those)");
    }

    private static Service serviceFor(Rendered r, Deployment d) {
        List<Service> s = r.all(Service.class).stream()
                .filter(x -> Pods.matches(x.getSpec().getSelector(), Pods.podLabels(d))).toList();
        assertEquals(1, s.size(), r + ": one Service for " + d.getMetadata().getName());
        return s.get(0);
    }

    private static void assertPort(String overlay, Service s, Deployment d, String protocol, int port) {
        ServicePort sp = s.getSpec().getPorts().stream()
                .filter(p -> p.getPort() == port && protocol.equals(p.getProtocol())).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + ": Service " + s.getMetadata().getName() + " has no " + protocol + " " + port));
        Container c = Pods.spec(d).getContainers().get(0);
        int target = sp.getTargetPort() == null ? port : Pods.portNumber(c, sp.getTargetPort());
        assertEquals(port, target, overlay + ": Service " + s.getMetadata().getName() + " " + protocol + " targetPort");
        assertTrue(c.getPorts().stream().anyMatch(p -> p.getContainerPort() == port && protocol.equals(p.getProtocol())),
                overlay + ": " + d.getMetadata().getName() + " declares no " + protocol + " port " + port);
    }
}
