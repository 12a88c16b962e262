package io.loadlab.loadgen.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records kept in memory while their directory refuses them, without root: a regular file where the
 * directory should be refuses every write, as a full or read-only one does. {@code DataDirFaultIT} does it
 * for real on a tmpfs.
 */
class JsonFileStoreTest {

    static final RunRecord RUNNING = RunRecord.queued("20250102-030405-000-000", RunRegistryTest.spec(10),
            RunRegistryTest.CLOCK.instant()).running(RunRegistryTest.CLOCK.instant());
    static final RunRecord DONE = RUNNING.finished(RunState.COMPLETED, RunRegistryTest.CLOCK.instant(), null, null, null);
    static final RunRecord NEXT = RunRecord.queued("20250102-030405-000-001", RunRegistryTest.spec(10),
            RunRegistryTest.CLOCK.instant()).running(RunRegistryTest.CLOCK.instant());

    @TempDir
    Path tmp;

    @Test
    void aFinishedRecordTheDirRefusesIsKeptServedAndWrittenOnceItCan() throws Exception {
        Path blocker = tmp.resolve("data");
        Files.writeString(blocker, "not a directory");
        DataDir dataDir = new DataDir(blocker, RunRegistryTest.mapper());
        RunStore store = new RunStore(dataDir);

        store.save(DONE);
        assertEquals(DONE, store.read(DONE.id()).orElseThrow(), "served from memory");
        assertTrue(dataDir.problem().orElseThrow().contains(DONE.id()), dataDir.problem().toString());
        DataDirUnavailableException refused = assertThrows(DataDirUnavailableException.class, () -> store.write(NEXT));
        assertEquals(blocker, refused.dataDir());
        assertTrue(refused.getMessage().startsWith("data dir " + blocker + " not writable: "), refused.getMessage());

        Files.delete(blocker);
        assertEquals(List.of(), dataDir.problem().stream().toList(), "written at the next check");
        assertEquals(List.of(DONE), new RunStore(new DataDir(blocker, RunRegistryTest.mapper())).newest(10));
        store.write(NEXT);
        assertEquals(List.of(), leftovers(blocker));
        dataDir.close();
    }

    @Test
    void aNewerVersionReplacesTheKeptOneAndTempFilesFromACrashAreRemoved() throws Exception {
        Path dir = tmp.resolve("data");
        RunStore store = new RunStore(new DataDir(dir, RunRegistryTest.mapper()));
        store.write(RUNNING);
        Files.write(dir.resolve("." + RUNNING.id() + "-123.tmp"), new byte[0]);
        store.save(DONE);
        assertEquals(List.of(DONE), new RunStore(new DataDir(dir, RunRegistryTest.mapper())).newest(10));
        assertEquals(List.of(), leftovers(dir));
    }

    private static List<String> leftovers(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }
}
