package io.loadlab.loadgen.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry on its own, with two kinds of job of its own making: what it promises every kind alike. */
class JobsTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC);

    /** A job's record: just its id, whether it ended, and how. */
    public record Note(String id, boolean done, String how) implements JobRecord {
        @Override
        public boolean ended() {
            return done;
        }

        Note end(String why) {
            return new Note(id, true, why);
        }
    }

    /** A live job that remembers being cancelled. */
    static final class Probe implements LiveJob {
        volatile boolean cancelled;

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    static final JobKind<Note, Probe> ALPHA = new JobKind<>("alpha", Note.class, Probe.class, "alpha",
            (n, now) -> n.end("died"));
    static final JobKind<Note, Probe> BETA = new JobKind<>("beta", Note.class, Probe.class, "beta",
            (n, now) -> n.end("died"));

    @TempDir
    Path dir;

    Jobs jobs(int retain) {
        Jobs jobs = new Jobs(new DataDir(dir, new ObjectMapper()), CLOCK, new JobIds(CLOCK), new ActiveJob());
        jobs.register(ALPHA, retain, 2, "alpha.max");
        jobs.register(BETA, retain, 1, null);
        return jobs;
    }

    Note start(Jobs jobs, JobKind<Note, Probe> kind) {
        Note n = new Note(jobs.nextId(), false, null);
        jobs.start(kind, n, null, r -> new Probe());
        return n;
    }

    @Test
    void aJobOfOneKindIsNeitherFoundNorListedAsAnother() {
        Jobs jobs = jobs(10);
        Note a = start(jobs, ALPHA);
        assertTrue(jobs.find(BETA, a.id()).isEmpty());
        assertEquals(List.of(), jobs.list(BETA));
        assertEquals(List.of(a), jobs.list(ALPHA));
        assertTrue(jobs.cancel(BETA, a.id()).isEmpty(), "a beta cancel does not reach an alpha job");
    }

    @Test
    void theActiveJobRuleSpansKindsAndNamesTheJobInTheWay() {
        Jobs jobs = jobs(10);
        Note a = start(jobs, ALPHA);
        ActiveJobException e = assertThrows(ActiveJobException.class, () -> start(jobs, BETA));
        assertEquals("alpha " + a.id() + " is active", e.getMessage());
        assertEquals(null, e.limit(), "another kind in the way is not a full share");
        start(jobs, ALPHA);
        ActiveJobException full = assertThrows(ActiveJobException.class, () -> start(jobs, ALPHA));
        assertEquals("alpha.max", full.limit());
        jobs.activeIds(ALPHA).forEach(id -> jobs.end(ALPHA, id, n -> n.end("done")));
        start(jobs, BETA);
    }

    @Test
    void aLaunchThatThrowsReleasesTheSlotAndKeepsNothing() {
        Jobs jobs = jobs(10);
        Note n = new Note(jobs.nextId(), false, null);
        assertThrows(JobLaunchException.class, () -> jobs.start(BETA, n, null, r -> {
            throw new IllegalStateException("no socket");
        }));
        assertEquals(List.of(), jobs.activeIds(BETA));
        start(jobs, BETA);
    }

    @Test
    void cancelAsksTheLiveJobAndCompletesWithItsLastRecord() throws Exception {
        Jobs jobs = jobs(10);
        Note n = start(jobs, BETA);
        Probe live = jobs.live(BETA, n.id()).orElseThrow();
        var ended = jobs.cancel(BETA, n.id()).orElseThrow().toCompletableFuture();
        assertTrue(live.cancelled);
        jobs.end(BETA, n.id(), x -> x.end("cancelled"));
        assertEquals(n.end("cancelled"), ended.get(5, TimeUnit.SECONDS));
        assertTrue(jobs.cancel(BETA, n.id()).isEmpty(), "an ended job cannot be cancelled again");
    }

    @Test
    void memoryKeepsTheNewestEndedOfEachKindAndDiskKeepsAll() {
        Jobs jobs = jobs(1);
        Note oldA = start(jobs, ALPHA);
        jobs.end(ALPHA, oldA.id(), n -> n.end("done"));
        Note newA = start(jobs, ALPHA);
        jobs.end(ALPHA, newA.id(), n -> n.end("done"));
        Note b = start(jobs, BETA);
        jobs.end(BETA, b.id(), n -> n.end("done"));
        assertEquals(List.of(newA.end("done")), jobs.list(ALPHA), "alpha keeps its newest one");
        assertEquals(List.of(b.end("done")), jobs.list(BETA), "beta's retention is its own");
        assertEquals(oldA.end("done"), jobs.find(ALPHA, oldA.id()).orElseThrow(), "read back from disk");
        assertEquals(2, jobs.stored(ALPHA), "both alpha jobs are stored, one of them listed");
        assertEquals(1, jobs.stored(BETA), "beta's store is its own");
    }

    @Test
    void aJobActiveWhenTheProcessDiedIsRecordedAsItsKindSays() {
        Note a = start(jobs(10), ALPHA);
        Jobs after = jobs(10);
        assertEquals(a.end("died"), after.find(ALPHA, a.id()).orElseThrow());
        assertEquals(List.of(), after.activeIds(ALPHA));
        assertTrue(after.nextId().compareTo(a.id()) > 0, "ids continue after the restored ones");
    }

    /**
     * A record read from disk is parsed outside the registry's lock and the store's: while one find is stuck in the
     * parser (held there by the test), a find of a job in memory answers, and a job's end is saved. Before, the
     * parse ran inside both locks, and neither returned until the stuck read did.
     */
    @Test
    void aSlowReadFromDiskBlocksNeitherAFindInMemoryNorAJobsEnd() throws Exception {
        CountDownLatch parsing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean armed = new AtomicBoolean();
        ObjectMapper mapper = new ObjectMapper().registerModule(new SimpleModule().addDeserializer(Note.class,
                new StdDeserializer<>(Note.class) {
                    @Override
                    public Note deserialize(JsonParser p, DeserializationContext ctx) throws java.io.IOException {
                        JsonNode n = p.readValueAsTree();
                        if (armed.get()) {
                            parsing.countDown();
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return new Note(n.get("id").asText(), n.get("done").asBoolean(),
                                n.get("how").isNull() ? null : n.get("how").asText());
                    }
                }));
        Jobs jobs = new Jobs(new DataDir(dir, mapper), CLOCK, new JobIds(CLOCK), new ActiveJob());
        jobs.register(ALPHA, 1, 2, "alpha.max");
        Note old = start(jobs, ALPHA);
        jobs.end(ALPHA, old.id(), n -> n.end("done"));
        Note kept = start(jobs, ALPHA);
        jobs.end(ALPHA, kept.id(), n -> n.end("done")); // old is now on disk only
        Note active = start(jobs, ALPHA);
        armed.set(true);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Optional<Note>> fromDisk = pool.submit(() -> jobs.find(ALPHA, old.id()));
            assertTrue(parsing.await(30, TimeUnit.SECONDS), "the disk read reached the parser");
            Future<Optional<Note>> inMemory = pool.submit(() -> jobs.find(ALPHA, kept.id()));
            assertEquals(kept.end("done"), inMemory.get(30, TimeUnit.SECONDS).orElseThrow());
            assertEquals(active.end("done"), jobs.end(ALPHA, active.id(), n -> n.end("done")).orElseThrow());
            assertFalse(fromDisk.isDone(), "the disk read was still held in the parser all along");
            release.countDown();
            assertEquals(old.end("done"), fromDisk.get(30, TimeUnit.SECONDS).orElseThrow());
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }
}
