package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Data files for request mixes: the loadgen (not its agents: a distributed run refuses values from a file, which an
 * agent would not have) mounts the ConfigMap {@code loadgen-data-files} optionally, read-only, as a whole directory
 * (a subPath mount never sees an update), where {@code LOADGEN_DATA_DIRECTORY} points; the example renders exactly
 * that ConfigMap under a fixed name, from the CSV beside it.
 */
@SystemTest
class DataFilesTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;
    private static final String CONFIG_MAP = "loadgen-data-files";
    private static final String EXAMPLE = "examples/data-files";

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void theLoadgenReadsDataFilesFromTheOptionalConfigMap(String overlay) {
        List<Workload> loadgens = Kustomize.render(overlay).workloads().stream()
                .filter(w -> w.object() instanceof io.fabric8.kubernetes.api.model.apps.Deployment)
                .filter(w -> "loadgen-service".equals(w.labels().get("app.kubernetes.io/name"))).toList();
        assertEquals(1, loadgens.size(), overlay);
        for (Workload w : loadgens) {
            String what = overlay + ": " + w.name();
            Container c = w.spec().getContainers().stream().filter(x -> x.getName().equals("loadgen-service")).findFirst()
                    .orElseThrow(() -> new AssertionError(what + ": no loadgen-service container"));
            Path dir = Path.of(c.getEnv().stream().filter(e -> e.getName().equals("LOADGEN_DATA_DIRECTORY"))
                    .map(EnvVar::getValue).findFirst().orElseThrow(() -> new AssertionError(what + ": no LOADGEN_DATA_DIRECTORY")));
            VolumeMount mount = c.getVolumeMounts().stream().filter(m -> Path.of(m.getMountPath()).equals(dir)).findFirst()
                    .orElseThrow(() -> new AssertionError(what + ": nothing mounted at " + dir));
            assertNull(mount.getSubPath(), what + ": a subPath mount is never updated when the ConfigMap changes");
            assertTrue(Boolean.TRUE.equals(mount.getReadOnly()), what + ": read-only");
            Volume v = w.spec().getVolumes().stream().filter(x -> x.getName().equals(mount.getName())).findFirst().orElseThrow();
            assertEquals(CONFIG_MAP, v.getConfigMap().getName(), what);
            assertTrue(Boolean.TRUE.equals(v.getConfigMap().getOptional()), what + ": the pod must start without the ConfigMap");
        }
    }

    @Test
    void theExampleMakesTheConfigMapThePodsMountUnderAFixedName() throws Exception {
        Rendered r = Rendered.parse(EXAMPLE, Kustomize.run(Repo.k8s().resolve(EXAMPLE)));
        ConfigMap m = r.get(ConfigMap.class, CONFIG_MAP);
        assertEquals("loadlab", m.getMetadata().getNamespace());
        assertEquals(Set.of("ids.csv"), m.getData().keySet());
        assertEquals(Files.readString(Repo.k8s().resolve(EXAMPLE).resolve("ids.csv")), m.getData().get("ids.csv"));
        assertTrue(m.getData().get("ids.csv").startsWith("id,name\n"), "the first line names the columns");
        assertEquals(1, r.all(ConfigMap.class).size(), "one ConfigMap, nothing else");
    }
}
