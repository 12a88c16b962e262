package io.loadlab.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** This module's resources (the nginx configuration, the netns script), which bench/ reads from the source tree. */
final class Resources {

    private Resources() {
    }

    static String text(String name) throws IOException {
        try (InputStream in = Resources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing next to " + Resources.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Copies {@code name} into a new file under {@code dir}: a script runs from a file, not from a jar. */
    static Path file(String name, Path dir) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text(name), StandardCharsets.UTF_8);
        return file;
    }
}
