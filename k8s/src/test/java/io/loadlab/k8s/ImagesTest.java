package io.loadlab.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Container;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Registries and tags are set in one place, kustomize's images: in components/images. */
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
}
