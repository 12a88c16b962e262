package io.loadlab.loadgen.job;

import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Runs;
import io.loadlab.loadgen.run.RunsTest;
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

    static final RunRecord RUNNING = RunRecord.queued("20250102-030405-000-000", RunsTest.spec(10),
            RunsTest.CLOCK.instant()).running(RunsTest.CLOCK.instant());
    static final RunRecord DONE = RUNNING.finished(RunState.COMPLETED, RunsTest.CLOCK.instant(), null, null, null);
    static final RunRecord NEXT = RunRecord.queued("20250102-030405-000-001", RunsTest.spec(10),
            RunsTest.CLOCK.instant()).running(RunsTest.CLOCK.instant());

    @TempDir
    Path tmp;

    @Test
    void aFinishedRecordTheDirRefusesIsKeptServedAndWrittenOnceItCan() throws Exception {
        Path blocker = tmp.resolve("data");
        Files.writeString(blocker, "not a directory");
        DataDir dataDir = new DataDir(blocker, RunsTest.mapper());
        JobStore<RunRecord> store = new JobStore<>(dataDir, Runs.JOB);

        store.save(DONE);
        assertEquals(DONE, store.read(DONE.id()).orElseThrow(), "served from memory");
        assertTrue(dataDir.problem().orElseThrow().contains(DONE.id()), dataDir.problem().toString());
        DataDirUnavailableException refused = assertThrows(DataDirUnavailableException.class, () -> store.write(NEXT));
        assertEquals(blocker, refused.dataDir());
        assertTrue(refused.getMessage().startsWith("data dir " + blocker + " not writable: "), refused.getMessage());

        Files.delete(blocker);
        assertEquals(List.of(), dataDir.problem().stream().toList(), "written at the next check");
        assertEquals(List.of(DONE), new JobStore<>(new DataDir(blocker, RunsTest.mapper()), Runs.JOB).newest(10));
        store.write(NEXT);
        assertEquals(List.of(), leftovers(blocker));
        dataDir.close();
    }

    @Test
    void aNewerVersionReplacesTheKeptOneAndTempFilesFromACrashAreRemoved() throws Exception {
        Path dir = tmp.resolve("data");
        JobStore<RunRecord> store = new JobStore<>(new DataDir(dir, RunsTest.mapper()), Runs.JOB);
        store.write(RUNNING);
        Files.write(dir.resolve("." + RUNNING.id() + "-123.tmp"), new byte[0]);
        store.save(DONE);
        assertEquals(List.of(DONE), new JobStore<>(new DataDir(dir, RunsTest.mapper()), Runs.JOB).newest(10));
        assertEquals(List.of(), leftovers(dir));
    }

    private static List<String> leftovers(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }
}
