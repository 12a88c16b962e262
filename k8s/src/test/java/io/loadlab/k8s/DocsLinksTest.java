package io.loadlab.k8s;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README and the pages under {@code docs/} point at what exists: every relative link resolves to a file, every
 * page is linked from the README, and every script, example spec or overlay a page names is in the repository.
 * (The Kubernetes steps themselves are {@link DocumentedStepsTest}'s.)
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(?:#[^)]*)?\\)");
    private static final Pattern NAMED = Pattern.compile("`((?:bench|examples|bin|\\.ci|k8s/overlays|k8s/components|docs)/[A-Za-z0-9._/-]+)`");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher m = LINK.matcher(Files.readString(doc));
            while (m.find()) {
                String target = m.group(1);
                if (!target.contains("://") && !Files.exists(doc.getParent().resolve(target))) {
                    broken.add(Repo.root().relativize(doc) + " -> " + target);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void everyPageIsLinkedFromTheReadme() throws IOException {
        String readme = Files.readString(Repo.root().resolve("README.md"));
        for (Path page : docs()) {
            if (page.getParent().getFileName().toString().equals("docs")) {
                assertTrue(readme.contains("(docs/" + page.getFileName() + ")"), page + " is not linked from the README");
            }
        }
    }

    @Test
    void everyScriptExampleAndOverlayNamedExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher m = NAMED.matcher(Files.readString(doc));
            while (m.find()) {
                String path = m.group(1).replaceAll("[.,:;]+$", "");
                if (!path.contains("*") && !Files.exists(Repo.root().resolve(path))) {
                    missing.add(Repo.root().relativize(doc) + " names " + path);
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    private static List<Path> docs() throws IOException {
        List<Path> out = new ArrayList<>(List.of(Repo.root().resolve("README.md")));
        try (Stream<Path> pages = Files.list(Repo.root().resolve("docs"))) {
            pages.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        assertTrue(out.size() > 5, "the docs pages: " + out);
        return out;
    }
}
