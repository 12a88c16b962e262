package io.loadlab.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removes a test's work directory when it ends: a .ci/test run otherwise leaves ~90 entries in the system temp dir. */
public final class TempDirs {

    private TempDirs() {
    }

    /** Deletes {@code dir} and everything below it, deepest first; best effort, a null or missing dir is nothing. */
    public static void remove(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a file a process still writes is left, never a failed test for it
        }
    }
}
