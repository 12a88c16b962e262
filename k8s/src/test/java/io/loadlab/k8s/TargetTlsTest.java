package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The target's certificate: every target mounts the Secret {@code target-tls} optionally, as a whole directory (a
 * subPath mount never sees a rotated Secret), where its TARGET_HTTPS_* files point; the example renders exactly
 * that Secret, under a fixed name so that applying it again rotates in place.
 */
@SystemTest
class TargetTlsTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;
    private static final String SECRET = "target-tls";
    private static final String EXAMPLE = "examples/target-tls";

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyTargetReadsItsCertificateFromTheOptionalSecret(String overlay) {
        for (Deployment d : Kustomize.render(overlay).targets()) {
            String what = overlay + ": " + d.getMetadata().getName();
            Container c = Pods.container(d, "target-service");
            Path cert = Path.of(env(c, "TARGET_HTTPS_CERT_FILE"));
            Path key = Path.of(env(c, "TARGET_HTTPS_KEY_FILE"));
            assertEquals("true", env(c, "TARGET_HTTPS_FILES_OPTIONAL"), what + ": starts self-signed without the Secret");
            assertEquals(Set.of("tls.crt", "tls.key"), Set.of(cert.getFileName().toString(), key.getFileName().toString()),
                    what + ": the keys of a kubernetes.io/tls Secret");
            VolumeMount mount = c.getVolumeMounts().stream().filter(m -> Path.of(m.getMountPath()).equals(cert.getParent()))
                    .findFirst().orElseThrow(() -> new AssertionError(what + ": nothing mounted at " + cert.getParent()));
            assertEquals(cert.getParent(), key.getParent(), what);
            assertNull(mount.getSubPath(), what + ": a subPath mount is never updated when the Secret rotates");
            assertTrue(Boolean.TRUE.equals(mount.getReadOnly()), what + ": read-only");
            Volume v = Pods.spec(d).getVolumes().stream().filter(x -> x.getName().equals(mount.getName())).findFirst().orElseThrow();
            assertEquals(SECRET, v.getSecret().getSecretName(), what);
            assertTrue(Boolean.TRUE.equals(v.getSecret().getOptional()), what + ": the pod must start without the Secret");
        }
    }

    @Test
    void theExampleMakesTheSecretTheTargetsMountUnderAFixedName(@TempDir Path dir) throws IOException {
        // kustomize only base64-encodes the files: placeholders stand in for the user's PEM
        Files.copy(Repo.k8s().resolve(EXAMPLE).resolve("kustomization.yaml"), dir.resolve("kustomization.yaml"));
        Files.writeString(dir.resolve("tls.crt"), "certificate placeholder\n");
        Files.writeString(dir.resolve("tls.key"), "key placeholder\n");
        Rendered r = Rendered.parse(EXAMPLE, Kustomize.run(dir));
        Secret s = r.get(Secret.class, SECRET);
        assertEquals("kubernetes.io/tls", s.getType());
        assertEquals("loadlab", s.getMetadata().getNamespace());
        assertEquals(Set.of("tls.crt", "tls.key"), s.getData().keySet());
        assertEquals(1, r.all(Secret.class).size(), "one Secret, nothing else");
    }

    private static String env(Container c, String name) {
        return c.getEnv().stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " has no " + name));
    }
}
