package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The "restricted" Pod Security Standard and a read-only root file system on every pod. */
@SystemTest
class SecurityContextTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyPodRunsRestrictedWithAReadOnlyRoot(String overlay) {
        Rendered r = Kustomize.render(overlay);
        for (Workload d : r.workloads()) {
            PodSpec spec = d.spec();
            PodSecurityContext pod = Optional.ofNullable(spec.getSecurityContext()).orElseGet(PodSecurityContext::new);
            List<Container> all = new ArrayList<>(spec.getContainers());
            if (spec.getInitContainers() != null) {
                all.addAll(spec.getInitContainers());
            }
            for (Container c : all) {
                String what = overlay + ": " + d.name() + "/" + c.getName();
                SecurityContext sc = Optional.ofNullable(c.getSecurityContext()).orElseGet(SecurityContext::new);
                Boolean nonRoot = sc.getRunAsNonRoot() != null ? sc.getRunAsNonRoot() : pod.getRunAsNonRoot();
                Long uid = sc.getRunAsUser() != null ? sc.getRunAsUser() : pod.getRunAsUser();
                String seccomp = sc.getSeccompProfile() != null ? sc.getSeccompProfile().getType()
                        : pod.getSeccompProfile() != null ? pod.getSeccompProfile().getType() : null;
                assertEquals(Boolean.TRUE, nonRoot, what + ": runAsNonRoot");
                assertNotNull(uid, what + ": numeric runAsUser (runAsNonRoot cannot verify a named image user)");
                assertTrue(uid > 0, what + ": runAsUser " + uid);
                assertEquals("RuntimeDefault", seccomp, what + ": seccompProfile");
                assertEquals(Boolean.FALSE, sc.getAllowPrivilegeEscalation(), what + ": allowPrivilegeEscalation");
                assertEquals(Boolean.TRUE, sc.getReadOnlyRootFilesystem(), what + ": readOnlyRootFilesystem");
                assertNotEquals(Boolean.TRUE, sc.getPrivileged(), what + ": privileged");
                assertTrue(sc.getCapabilities() != null && sc.getCapabilities().getDrop() != null
                        && sc.getCapabilities().getDrop().contains("ALL"), what + ": capabilities drop ALL");
                assertTrue(sc.getCapabilities().getAdd() == null || sc.getCapabilities().getAdd().isEmpty(), what + ": capabilities add");
                assertTrue(volumeAt(spec, c, "/tmp").map(v -> v.getEmptyDir() != null).orElse(false),
                        what + ": /tmp must be an emptyDir when the root is read-only");
            }
            assertTrue(spec.getHostNetwork() == null || !spec.getHostNetwork(), d.name() + ": hostNetwork");
        }
    }

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void loadgenKeepsFinishedRunsOnAPersistentVolume(String overlay) {
        Rendered r = Kustomize.render(overlay);
        Deployment lg = r.loadgen();
        Container c = Pods.container(lg, "loadgen-service");
        String dir = c.getEnv().stream().filter(e -> e.getName().equals("LOADGEN_DATA_DIR")).findFirst()
                .orElseThrow(() -> new AssertionError(overlay + ": LOADGEN_DATA_DIR unset")).getValue();
        Volume v = volumeAt(Pods.spec(lg), c, dir)
                .orElseThrow(() -> new AssertionError(overlay + ": nothing writable mounted at the data dir " + dir));
        assertNotNull(v.getPersistentVolumeClaim(), overlay + ": the data dir must survive a pod restart");
        r.get(io.fabric8.kubernetes.api.model.PersistentVolumeClaim.class, v.getPersistentVolumeClaim().getClaimName());
        assertEquals("Recreate", lg.getSpec().getStrategy().getType(), overlay + ": a ReadWriteOnce volume needs Recreate");
    }

    /** The volume mounted exactly at {@code path}. */
    static Optional<Volume> volumeAt(PodSpec spec, Container c, String path) {
        if (c.getVolumeMounts() == null) {
            return Optional.empty();
        }
        return c.getVolumeMounts().stream().filter(m -> path.equals(m.getMountPath()) && !Boolean.TRUE.equals(m.getReadOnly()))
                .map(VolumeMount::getName).findFirst()
                .flatMap(n -> spec.getVolumes().stream().filter(v -> v.getName().equals(n)).findFirst());
    }

    private static void assertNotEquals(Object unexpected, Object actual, String message) {
        org.junit.jupiter.api.Assertions.assertNotEquals(unexpected, actual, message);
    }
}
