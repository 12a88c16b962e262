package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code components/node-size}: a user's own Deployment, labelled {@code loadlab.io/node-size}, lands on the target
 * pool of that size exactly as loadlab's own targets do (same node labels, toleration, anti-affinity, Recreate),
 * with a Guaranteed whole-core CPU; a Deployment without the label is not touched.
 */
@SystemTest
class NodeSizeComponentTest {

    private static final String EXAMPLE = "examples/foreign-service";

    @Test
    void theExampleServiceIsPlacedAsOurTargetsAre() {
        Rendered example = Kustomize.render(EXAMPLE);
        Deployment checkout = example.get(Deployment.class, "checkout");
        assertPlaced(checkout, 8, 7);
        Deployment ours = Kustomize.render("overlays/cores-8").targets().get(0);
        assertEquals(Pods.spec(ours).getNodeSelector(), Pods.spec(checkout).getNodeSelector(), "the same node labels as ours");
        assertEquals(Pods.spec(ours).getTolerations(), Pods.spec(checkout).getTolerations(), "the same toleration as ours");
    }

    /** The user's service lives in its own namespace: its anti-affinity must reach loadlab's pods all the same. */
    @Test
    void theExampleServiceKeepsOffTheLoadgenAndOtherTargetsInAnyNamespace() {
        Deployment checkout = Kustomize.render(EXAMPLE).get(Deployment.class, "checkout");
        Rendered compare = Kustomize.render("overlays/compare");
        assertTrue(Pods.repels(checkout, compare.loadgen()), "checkout may share a node with the loadgen");
        compare.targets().forEach(t -> assertTrue(Pods.repels(checkout, t), "checkout may share a node with " + t.getMetadata().getName()));
        assertTrue(Pods.repels(checkout, checkout), "two pods of checkout may share a node");
    }

    @Test
    void aDeploymentWithoutTheLabelIsNotTouched() throws IOException {
        Deployment rendered = Kustomize.render(EXAMPLE).get(Deployment.class, "checkout-db-proxy");
        Deployment written = Rendered.MAPPER.readValue(Repo.k8s().resolve(EXAMPLE).resolve("untouched.yaml").toFile(), Deployment.class);
        written.getMetadata().setNamespace("shop");
        assertEquals(written, rendered);
    }

    @ParameterizedTest
    @CsvSource({"4, 3", "8, 7", "16, 15"})
    void everySizeGetsItsPoolAndAllButOneCore(int cores, int cpus, @TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n"
                + "resources: [app.yaml]\ncomponents: [" + dir.toAbsolutePath().relativize(Repo.k8s().resolve("components/node-size")) + "]\n");
        Files.writeString(dir.resolve("app.yaml"), Files.readString(Repo.k8s().resolve(EXAMPLE).resolve("checkout.yaml"))
                .replace("loadlab.io/node-size: \"8\"", "loadlab.io/node-size: \"" + cores + "\""));
        Rendered r = Rendered.parse("node-size-" + cores, Kustomize.run(dir));
        assertPlaced(r.get(Deployment.class, "checkout"), cores, cpus);
    }

    /** Memory is the user's to size: without a resources block to add the CPU to, kustomize fails naming the path. */
    @Test
    void aContainerWithoutResourcesFailsNamingThePath(@TempDir Path dir) throws IOException {
        String app = Files.readString(Repo.k8s().resolve(EXAMPLE).resolve("checkout.yaml"));
        app = app.substring(0, app.indexOf("          # Memory is yours")) + app.substring(app.indexOf("---"));
        Files.writeString(dir.resolve("app.yaml"), app);
        Files.writeString(dir.resolve("kustomization.yaml"), "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n"
                + "resources: [app.yaml]\ncomponents: [" + dir.toAbsolutePath().relativize(Repo.k8s().resolve("components/node-size")) + "]\n");
        AssertionError e = assertThrows(AssertionError.class, () -> Kustomize.run(dir));
        assertTrue(e.getMessage().contains("/spec/template/spec/containers/0/resources/requests/cpu"), e.getMessage());
    }

    private static void assertPlaced(Deployment d, int cores, int cpus) {
        String what = d.getMetadata().getName() + " at node-size " + cores;
        assertEquals(Map.of(Pods.ROLE, "target", Pods.CORES, Integer.toString(cores)), Pods.spec(d).getNodeSelector(), what);
        assertEquals("target", Pods.podLabels(d).get(Pods.ROLE), what + ": the loadgen's anti-affinity reads this pod label");
        assertEquals(Integer.toString(cores), Pods.podLabels(d).get(Pods.CORES), what);
        assertEquals("Recreate", d.getSpec().getStrategy().getType(), what);
        List<Toleration> t = Pods.spec(d).getTolerations();
        assertTrue(t.stream().anyMatch(x -> "loadlab.io/benchmark".equals(x.getKey()) && "NoSchedule".equals(x.getEffect())), what);
        for (Container c : Pods.spec(d).getContainers()) {
            for (String res : List.of("cpu", "memory")) {
                Quantity limit = c.getResources().getLimits().get(res);
                assertEquals(limit, c.getResources().getRequests().get(res), what + ": " + res + " requests = limits (Guaranteed)");
            }
        }
        Container app = Pods.spec(d).getContainers().get(0);
        assertEquals(0, Quantity.getAmountInBytes(app.getResources().getLimits().get("cpu")).compareTo(BigDecimal.valueOf(cpus)), what);
    }
}
