package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Container;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Registries and tags are set in one place, kustomize's images: in components/images; and k8s/README.md lists every
 * image a cluster (and a build machine) without internet access needs mirrored (issue 28: the overlays pull public
 * images, and nothing said which).
 */
@SystemTest
class ImagesTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyImageComesFromTheImagesComponent(String overlay) throws IOException {
        JsonNode images = Rendered.MAPPER.readTree(Files.readString(Repo.k8s().resolve("components/images/kustomization.yaml"))).path("images");
        Map<String, String> expected = new TreeMap<>();
        for (JsonNode i : images) {
            String name = i.path("newName").asText(i.path("name").asText());
            assertTrue(i.hasNonNull("newTag") || i.hasNonNull("digest"), i.path("name").asText() + ": no tag or digest in images:");
            expected.put(i.path("name").asText(), i.hasNonNull("digest") ? name + "@" + i.get("digest").asText() : name + ":" + i.get("newTag").asText());
        }
        for (Workload d : Kustomize.render(overlay).workloads()) {
            for (Container c : d.spec().getContainers()) {
                assertTrue(expected.containsValue(c.getImage()),
                        overlay + ": " + d.name() + " runs " + c.getImage() + ", not an image set in components/images " + expected.values());
            }
        }
        assertEquals(expected.get("loadlab/target-service"),
                Pods.spec(Kustomize.render(overlay).targets().get(0)).getContainers().get(0).getImage());
        assertEquals(expected.get("loadlab/loadgen-service"),
                Pods.spec(Kustomize.render(overlay).loadgen()).getContainers().get(0).getImage());
    }

    static final String MIRROR_HEADING = "### Without internet access: the images to mirror";

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyImageTheOverlayRunsIsListedForMirroring(String overlay) throws IOException {
        String list = mirrorSection();
        for (Workload w : Kustomize.render(overlay).workloads()) {
            List<Container> all = new ArrayList<>(w.spec().getContainers());
            if (w.spec().getInitContainers() != null) {
                all.addAll(w.spec().getInitContainers());
            }
            for (Container c : all) {
                assertTrue(list.contains("`" + c.getImage() + "`"),
                        overlay + ": " + w.name() + " runs " + c.getImage() + ", not listed under k8s/README.md's \"" + MIRROR_HEADING + "\"");
            }
        }
    }

    @Test
    void theLoadlabImagesBaseImagesAreListedForMirroring() throws IOException {
        String list = mirrorSection();
        int found = 0;
        for (String service : List.of("target-service", "loadgen-service")) {
            try (var files = Files.list(Repo.root().resolve(service).resolve("src/main/docker"))) {
                for (Path f : files.filter(x -> x.getFileName().toString().startsWith("Dockerfile")).toList()) {
                    for (String l : Files.readAllLines(f)) {
                        if (l.startsWith("FROM ")) {
                            String image = l.substring(5).trim().split("\\s+")[0];
                            assertTrue(list.contains("`" + image + "`"), f + " builds on " + image + ", not listed under \"" + MIRROR_HEADING + "\"");
                            found++;
                        }
                    }
                }
            }
        }
        assertTrue(found >= 4, "expected a JVM and a native Dockerfile per service, found " + found + " FROM lines");
    }

    /** The text of k8s/README.md under the mirror heading, up to the next heading. */
    static String mirrorSection() throws IOException {
        String doc = Files.readString(Repo.k8s().resolve("README.md"));
        int start = doc.indexOf("\n" + MIRROR_HEADING + "\n");
        assertTrue(start >= 0, "k8s/README.md has no heading \"" + MIRROR_HEADING + "\"");
        int end = doc.indexOf("\n#", start + MIRROR_HEADING.length() + 2);
        return doc.substring(start, end < 0 ? doc.length() : end);
    }
}
