package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both services decide their event loops and {@code cores} tag themselves, from the CPUs they can run on
 * capped by a CPU limit (the shared {@code io.loadlab.common.cores.Cores}); the manifests pass that limit the way the rule reads it
 * and nothing that would bypass the rule.
 */
@SystemTest
class CoresTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    /** Settings that would decide loops or CPUs behind the rule's back. */
    static final List<String> BYPASSES = List.of("QUARKUS_VERTX_EVENT_LOOPS_POOL_SIZE", "QUARKUS_HTTP_IO_THREADS",
            "ActiveProcessorCount", "quarkus.vertx.event-loops-pool-size", "quarkus.http.io-threads");

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void servicesGetTheirCpuLimitInWholeCpusAndNothingElseSetsLoops(String overlay) {
        Rendered r = Kustomize.render(overlay);
        Map<Deployment, String> services = new LinkedHashMap<>();
        r.targets().forEach(t -> services.put(t, "target-service"));
        services.put(r.loadgen(), "loadgen-service");
        services.forEach((d, service) -> {
            String what = overlay + ": " + d.getMetadata().getName();
            Container c = Pods.container(d, service);
            String name = Repo.cpuLimitEnv();
            EnvVar e = c.getEnv().stream().filter(v -> v.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError(what + ": no " + name));
            var ref = e.getValueFrom() == null ? null : e.getValueFrom().getResourceFieldRef();
            assertNotNull(ref, what + ": " + name + " must come from the Downward API");
            assertEquals("limits.cpu", ref.getResource(), what + ": " + name);
            assertTrue(ref.getContainerName() == null || ref.getContainerName().equals(c.getName()), what + ": " + name + " of another container");
            // Divisor 1: whole CPUs, rounded up, which is what the rule parses ("1500m" would be refused).
            assertEquals(0, Quantity.getAmountInBytes(ref.getDivisor()).compareTo(BigDecimal.ONE), what + ": " + name + " divisor");
            List<String> settings = new ArrayList<>();
            c.getEnv().forEach(v -> settings.add(v.getName() + "=" + v.getValue()));
            if (c.getArgs() != null) {
                settings.addAll(c.getArgs());
            }
            if (c.getCommand() != null) {
                settings.addAll(c.getCommand());
            }
            for (String s : settings) {
                for (String bypass : BYPASSES) {
                    assertFalse(s.contains(bypass), what + ": " + s + " decides what the rule should");
                }
            }
        });
    }
}
