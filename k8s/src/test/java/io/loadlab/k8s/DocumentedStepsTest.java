package io.loadlab.k8s;

import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The documented order is warning-free: a namespace made with {@code kubectl create namespace} lacks the
 * last-applied annotation, and the first {@code kubectl apply -k} then warns about it.
 */
@SystemTest
class DocumentedStepsTest {

    static final String NAMESPACE_FILE = "k8s/base/platform/namespace.yaml";
    static final String NAMESPACE_STEP = "kubectl apply -f " + NAMESPACE_FILE;

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "k8s/README.md"})
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
}
