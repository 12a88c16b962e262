package io.loadlab.loadgen.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.job.JobsTest.Note;
import io.loadlab.loadgen.job.JobsTest.Probe;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static io.loadlab.loadgen.job.JobsTest.CLOCK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A job's thread ends it failed, with the reason, whatever its body throws, Errors included, and frees the slot
 * (issue 22: an OutOfMemoryError planning an experiment was recorded completed, as the body's finally said).
 */
class JobThreadTest {

    static final JobKind<Note, Probe> KIND = new JobKind<>("thready", Note.class, Probe.class, "thready",
            (n, now) -> n.end("died"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"oom", "stack", "runtime", "checked", "last-step"})
    void whateverTheBodyThrowsEndsTheJobFailedWithWhyAndFreesTheSlot(String what) throws Exception {
        Jobs jobs = new Jobs(new DataDir(dir, new ObjectMapper()), CLOCK, new JobIds(CLOCK), new ActiveJob());
        jobs.register(KIND, 10, 1, null);
        Supplier<Throwable> thrown = () -> switch (what) {
            case "oom" -> new OutOfMemoryError("Java heap space");
            case "stack" -> new StackOverflowError();
            case "runtime" -> new IllegalStateException("no socket");
            default -> new java.io.IOException("disk");
        };
        Note n = new Note(jobs.nextId(), false, null);
        jobs.start(KIND, n, null, r -> {
            JobThread.start(jobs, KIND, r.id(), () -> {
                if (what.equals("last-step")) {
                    return x -> {
                        throw new OutOfMemoryError("while ending");
                    };
                }
                Throwable t = thrown.get();
                if (t instanceof Error e) {
                    throw e;
                }
                throw (Exception) t;
            }, (x, why) -> x.end("failed: " + why), x -> { });
            return new Probe();
        });
        Note ended = awaitEnd(jobs, n.id());
        String expected = switch (what) {
            case "oom" -> "failed: java.lang.OutOfMemoryError: Java heap space";
            case "stack" -> "failed: java.lang.StackOverflowError";
            case "runtime" -> "failed: no socket";
            case "checked" -> "failed: disk";
            default -> "failed: java.lang.OutOfMemoryError: while ending";
        };
        assertEquals(expected, ended.how());
        assertEquals(List.of(), jobs.activeIds(KIND));
        Note next = new Note(jobs.nextId(), false, null);
        jobs.start(KIND, next, null, r -> new Probe()); // the slot is free: this would throw ActiveJobException
    }

    @ParameterizedTest
    @ValueSource(ints = {10, JobThread.MAX_REASON * 4})
    void aLongReasonIsCut(int length) throws Exception {
        Jobs jobs = new Jobs(new DataDir(dir, new ObjectMapper()), CLOCK, new JobIds(CLOCK), new ActiveJob());
        jobs.register(KIND, 10, 1, null);
        Note n = new Note(jobs.nextId(), false, null);
        jobs.start(KIND, n, null, r -> {
            JobThread.start(jobs, KIND, r.id(), () -> {
                throw new IllegalStateException("x".repeat(length));
            }, (x, why) -> x.end(why), x -> { });
            return new Probe();
        });
        String how = awaitEnd(jobs, n.id()).how();
        assertTrue(how.length() <= JobThread.MAX_REASON + 3, how.length() + " chars");
        assertTrue(how.startsWith("x".repeat(Math.min(length, JobThread.MAX_REASON))), how);
    }

    private static Note awaitEnd(Jobs jobs, String id) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            Note x = jobs.find(KIND, id).orElseThrow();
            if (x.ended()) {
                return x;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("job " + id + " did not end within 30 s");
    }
}
