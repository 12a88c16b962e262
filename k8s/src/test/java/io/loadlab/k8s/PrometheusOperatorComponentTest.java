package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.openshift.api.model.monitoring.v1.PodMetricsEndpoint;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The optional component: a PodMonitor (a CRD, checked against fabric8's monitoring.coreos.com model). */
@SystemTest
class PrometheusOperatorComponentTest {

    @Test
    void podMonitorScrapesTheTargetsAndLoadgenLikeTheAnnotationsDo() throws IOException {
        // A user's overlay, as the component's comment shows; under target/ so the load restrictor allows it.
        Path dir = Repo.k8s().resolve("target/kustomize-prometheus-operator");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                  - ../../overlays/compare
                components:
                  - ../../components/prometheus-operator
                """);
        Rendered r = Rendered.parse("compare + prometheus-operator", Kustomize.run(dir));
        List<PodMonitor> pms = r.all(PodMonitor.class);
        assertEquals(1, pms.size(), "one PodMonitor");
        PodMonitor pm = pms.get(0);
        assertEquals(Repo.NAMESPACE, pm.getMetadata().getNamespace());
        List<Deployment> scraped = r.all(Deployment.class).stream()
                .filter(d -> Pods.matches(pm.getSpec().getSelector(), Pods.podLabels(d))).toList();
        assertEquals(r.targets().size() + 1, scraped.size(), "targets and the loadgen, nothing else");
        assertTrue(scraped.contains(r.loadgen()));
        PodMetricsEndpoint ep = pm.getSpec().getPodMetricsEndpoints().get(0);
        for (Deployment d : scraped) {
            var annotations = d.getSpec().getTemplate().getMetadata().getAnnotations();
            var c = Pods.spec(d).getContainers().get(0);
            assertEquals(annotations.get("prometheus.io/path"), ep.getPath(), d.getMetadata().getName() + " path");
            assertEquals(Integer.parseInt(annotations.get("prometheus.io/port")),
                    Pods.portNumber(c, new io.fabric8.kubernetes.api.model.IntOrString(ep.getPort())), d.getMetadata().getName() + " port");
        }
        List<String> labels = ep.getRelabelings().stream().map(x -> x.getTargetLabel()).toList();
        assertTrue(labels.containsAll(List.of("namespace", "pod", "node")), "relabelings " + labels);
        assertTrue(!labels.contains("cores") && !labels.contains("application"), "the services' own tags are kept");
    }
}
