package io.loadlab.testsupport;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A process started in a temp dir of its own leaves nothing behind when it ends well, and keeps its log, named in the
 * failure with its tail, when it does not. Real {@code sh} processes, each over in well under a second.
 */
class LocalProcessTest {

    @Test
    void itsWorkDirIsGoneAfterClose() throws Exception {
        Path dir;
        try (LocalProcess p = LocalProcess.startInTemp("hygiene", List.of("sh", "-c", "echo started; exec sleep 30"), Map.of())) {
            p.awaitLog("started", Duration.ofSeconds(10));
            dir = p.logFile().getParent();
            assertTrue(Files.isDirectory(dir) && dir.getFileName().toString().startsWith("hygiene-"), dir.toString());
        }
        assertFalse(Files.exists(dir), dir + " left behind");
    }

    @Test
    void aFailedWaitKeepsTheLogAndNamesIt() throws Exception {
        Path log;
        IllegalStateException e;
        try (LocalProcess p = LocalProcess.startInTemp("hygiene", List.of("sh", "-c", "echo the-last-words; exit 3"), Map.of())) {
            log = p.logFile();
            e = assertThrows(IllegalStateException.class, () -> p.awaitLog("never printed", Duration.ofSeconds(10)));
        }
        try {
            assertTrue(e.getMessage().contains(log.toAbsolutePath().toString()) && e.getMessage().contains("the-last-words"),
                    e.getMessage());
            assertTrue(Files.readString(log).contains("the-last-words"), "the log is kept after close");
        } finally {
            TempDirs.remove(log.getParent());
        }
    }
}
