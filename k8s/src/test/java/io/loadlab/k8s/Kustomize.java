package io.loadlab.k8s;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/** Renders a kustomization with the stock {@code kubectl kustomize}, as {@code kubectl apply -k} would. */
final class Kustomize {

    /** The overlays that keep the loadgen and targets on nodes of their own role, and the base they share. */
    static final List<String> PINNED = List.of("base", "overlays/cores-4", "overlays/cores-8",
            "overlays/cores-16", "overlays/compare");

    /** Every overlay a user applies: the pinned ones and single-node, everything on one node. */
    static final List<String> OVERLAYS = Stream.concat(PINNED.stream(), Stream.of("overlays/single-node")).toList();

    private static final Map<String, Rendered> CACHE = new ConcurrentHashMap<>();

    private Kustomize() {
    }

    /** @param dir relative to k8s/ */
    static Rendered render(String dir) {
        return CACHE.computeIfAbsent(dir, d -> Rendered.parse(d, run(Repo.k8s().resolve(d))));
    }

    static List<Rendered> overlays() {
        return OVERLAYS.stream().map(Kustomize::render).toList();
    }

    static String run(Path dir) {
        List<String> cmd = List.of("kubectl", "kustomize", dir.toString());
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        } catch (IOException e) {
            return fail("kubectl is required to render the manifests (kubectl kustomize) and was not found on PATH: "
                    + e.getMessage());
        }
        try {
            // Read both streams fully before waiting: a large rendering would otherwise fill the pipe.
            var err = new java.util.concurrent.CompletableFuture<String>();
            Thread t = new Thread(() -> {
                try {
                    err.complete(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    err.complete(e.toString());
                }
            });
            t.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return fail("kubectl kustomize " + dir + " did not finish in 60 s");
            }
            t.join();
            if (p.exitValue() != 0) {
                return fail("kubectl kustomize " + dir + " failed: " + err.join());
            }
            return out;
        } catch (IOException e) {
            return fail("reading kubectl output: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted");
        }
    }
}
