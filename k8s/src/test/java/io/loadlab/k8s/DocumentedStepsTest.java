package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The documented steps, read as the shell lines a user pastes. The order is warning-free: a namespace made with
 * {@code kubectl create namespace} lacks the last-applied annotation, and the first {@code kubectl apply -k} then
 * warns about it. And the user ends up with the API token: on a real cluster the README's steps generated it inline
 * into the Secret and then asked for {@code Bearer <token>}, with no step that set or read it back (issue 28).
 */
@SystemTest
class DocumentedStepsTest {

    static final String NAMESPACE_FILE = "k8s/base/platform/namespace.yaml";
    static final String NAMESPACE_STEP = "kubectl apply -f " + NAMESPACE_FILE;

    @ParameterizedTest
    @ValueSource(strings = {"docs/kubernetes.md", "k8s/README.md"})
    void theNamespaceIsAppliedFromItsFileBeforeAnythingUsesIt(String doc) throws IOException {
        List<String> lines = Files.readAllLines(Repo.root().resolve(doc));
        assertTrue(Files.isRegularFile(Repo.root().resolve(NAMESPACE_FILE)));
        boolean namespaceApplied = false;
        boolean anyKubectl = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (!l.startsWith("kubectl ")) {
                continue;
            }
            anyKubectl = true;
            String where = doc + ":" + (i + 1) + ": " + l;
            assertFalse(l.matches("kubectl create (namespace|ns)\\b.*") && !l.contains("--save-config"),
                    where + " leaves the namespace without the last-applied annotation; apply " + NAMESPACE_FILE);
            if (l.startsWith(NAMESPACE_STEP)) {
                namespaceApplied = true;
            } else if (!namespaceApplied && (l.startsWith("kubectl apply -k") || l.startsWith("kubectl -n loadlab create"))) {
                fail(where + " comes before " + NAMESPACE_STEP);
            }
        }
        assertTrue(anyKubectl, doc + " documents no kubectl step");
    }

    static final String TOKEN_ENV = "LOADGEN_API_TOKEN";
    private static final Pattern ASSIGNED = Pattern.compile("^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)=");
    private static final Pattern USED = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

    /** Every variable a documented step sends as a bearer token, or stores in the Secret, is set by an earlier line. */
    @ParameterizedTest
    @ValueSource(strings = {"docs/kubernetes.md", "k8s/README.md"})
    void theTokenIsSetBeforeItIsSentOrStored(String doc) throws IOException {
        SecretKeySelector ref = tokenSecret();
        String create = "kubectl -n " + Repo.NAMESPACE + " create secret generic " + ref.getName() + " --from-literal=" + ref.getKey() + "=";
        Set<String> assigned = new HashSet<>();
        int sent = 0;
        int stored = 0;
        for (Line l : kubernetesShellLines(doc)) {
            if (l.text().contains("Bearer") || l.text().startsWith(create)) {
                assertFalse(l.text().matches(".*Bearer\\s*<.*"), l + ": a placeholder the user has no step to fill");
                String from = l.text().startsWith(create) ? l.text().substring(create.length()) : l.text().substring(l.text().indexOf("Bearer"));
                Matcher m = USED.matcher(from);
                assertTrue(m.find(), l + ": no variable holds the token here");
                assertTrue(assigned.contains(m.group(1)), l + ": $" + m.group(1) + " is used before any step sets it");
                if (l.text().startsWith(create)) {
                    stored++;
                } else {
                    sent++;
                }
            }
            Matcher a = ASSIGNED.matcher(l.text());
            if (a.find()) {
                assigned.add(a.group(1));
            }
        }
        assertTrue(stored > 0, doc + ": no step creates the Secret as `" + create + "...`");
        assertTrue(sent > 0, doc + ": no step sends the token");
    }

    /** The read-back step names the namespace, Secret and key the rendered loadgen actually reads its token from. */
    @ParameterizedTest
    @ValueSource(strings = {"docs/kubernetes.md", "k8s/README.md"})
    void theTokenCanBeReadBackFromTheSecretTheLoadgenReads(String doc) throws IOException {
        SecretKeySelector ref = tokenSecret();
        String readBack = TOKEN_ENV + "=$(kubectl -n " + Repo.NAMESPACE + " get secret " + ref.getName()
                + " -o jsonpath='{.data." + ref.getKey() + "}' | base64 -d)";
        assertTrue(kubernetesShellLines(doc).stream().anyMatch(l -> l.text().startsWith(readBack)),
                doc + " has no step `" + readBack + "`");
    }

    /**
     * The loadgen's PVC names no StorageClass, so it binds only where a default one exists (kubeadm has none): the
     * steps check for it before anything is applied.
     */
    @ParameterizedTest
    @ValueSource(strings = {"docs/kubernetes.md", "k8s/README.md"})
    void theDefaultStorageClassIsCheckedBeforeTheFirstApply(String doc) throws IOException {
        for (Rendered r : Kustomize.overlays()) {
            for (PersistentVolumeClaim c : r.all(PersistentVolumeClaim.class)) {
                assertEquals(null, c.getSpec().getStorageClassName(),
                        r + ": PVC " + c.getMetadata().getName() + " names a class; the docs' default-class check no longer fits");
            }
        }
        assertFalse(Kustomize.render("overlays/single-node").all(PersistentVolumeClaim.class).isEmpty(), "single-node has no PVC");
        boolean checked = false;
        for (Line l : kubernetesShellLines(doc)) {
            if (l.text().startsWith("kubectl get storageclass")) {
                checked = true;
            } else if (l.text().startsWith("kubectl apply")) {
                assertTrue(checked, l + " comes before `kubectl get storageclass` (the loadgen's PVC needs a default class)");
                return;
            }
        }
        fail(doc + ": no kubectl apply step");
    }

    /** Where the loadgen of every overlay reads its token: one Secret and key, in the namespace the docs use. */
    static SecretKeySelector tokenSecret() {
        Set<String> refs = new HashSet<>();
        SecretKeySelector first = null;
        for (Rendered r : Kustomize.overlays()) {
            Deployment lg = r.loadgen();
            assertEquals(Repo.NAMESPACE, lg.getMetadata().getNamespace(), r + ": loadgen namespace");
            EnvVar e = Pods.container(lg, "loadgen-service").getEnv().stream().filter(v -> TOKEN_ENV.equals(v.getName()))
                    .findFirst().orElseThrow(() -> new AssertionError(r + ": the loadgen has no " + TOKEN_ENV));
            SecretKeySelector s = e.getValueFrom().getSecretKeyRef();
            assertTrue(s != null && !Boolean.TRUE.equals(s.getOptional()), r + ": " + TOKEN_ENV + " must come from a required Secret key");
            refs.add(s.getName() + "/" + s.getKey());
            first = first == null ? s : first;
        }
        assertEquals(1, refs.size(), "every overlay's loadgen reads its token from one Secret key: " + refs);
        return first;
    }

    record Line(String doc, int number, String text) {
        @Override
        public String toString() {
            return doc + ":" + number + ": " + text;
        }
    }

    /**
     * The lines of the fenced sh/bash blocks a user pastes to run loadlab on Kubernetes: all of k8s/README.md and of
     * docs/kubernetes.md (the README's "Run on Kubernetes" section until the README was split by topic), every page
     * being about it.
     */
    static List<Line> kubernetesShellLines(String doc) throws IOException {
        List<String> lines = Files.readAllLines(Repo.root().resolve(doc));
        boolean inShell = false;
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("```")) {
                inShell = !inShell && (l.equals("```sh") || l.equals("```bash"));
                continue;
            }
            if (inShell && !l.isBlank()) {
                out.add(new Line(doc, i + 1, l.trim()));
            }
        }
        assertFalse(out.isEmpty(), doc + ": no Kubernetes shell steps found");
        return out;
    }
}
