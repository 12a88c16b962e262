package io.loadlab.loadgen.job;

import org.jboss.logging.Logger;

import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The thread an active job's {@link JobWork} runs on, and the one place its end is recorded: whatever escapes the
 * work (an exception, an {@link OutOfMemoryError}, a {@link StackOverflowError}) ends the job through
 * {@code failed} with the reason, and its slot is released. Each kind once caught only IOException and
 * RuntimeException and ended in a finally that said {@code completed}: an OutOfMemoryError planning 300 targets was
 * recorded completed with 0 cells.
 */
public final class JobThread {

    /** A reason longer than this is cut: a record's failure is one line, and an Error's message is not ours. */
    static final int MAX_REASON = 500;
    private static final Logger LOG = Logger.getLogger(JobThread.class);

    private JobThread() {
    }

    /**
     * Starts {@code work} for the active job {@code id} on a daemon thread named {@code kind-id}, then ends the job
     * with the record its result makes, telling {@code onEnded} ({@link Jobs#end}).
     *
     * @param failed the record of a job that failed, given its current one and why
     */
    public static <R extends JobRecord> Thread start(Jobs jobs, JobKind<R, ?> kind, String id, JobWork<R> work,
                                                     BiFunction<R, String, R> failed, Consumer<R> onEnded) {
        Thread t = new Thread(() -> run(jobs, kind, id, work, failed, onEnded), kind.name() + "-" + id);
        t.setDaemon(true);
        t.start();
        return t;
    }

    static <R extends JobRecord> void run(Jobs jobs, JobKind<R, ?> kind, String id, JobWork<R> work,
                                          BiFunction<R, String, R> failed, Consumer<R> onEnded) {
        UnaryOperator<R> last;
        try {
            last = work.run();
        } catch (Throwable e) {
            LOG.errorf(e, "%s %s failed", kind, id);
            last = failedWith(failed, e);
        }
        try {
            jobs.end(kind, id, last, onEnded);
        } catch (Throwable e) {
            // its end could not be built (an Error in the last step): it still ends, failed, and frees the slot
            LOG.errorf(e, "%s %s failed while ending", kind, id);
            jobs.end(kind, id, failedWith(failed, e), onEnded);
        }
    }

    private static <R extends JobRecord> UnaryOperator<R> failedWith(BiFunction<R, String, R> failed, Throwable e) {
        String why = e instanceof Error || e.getMessage() == null ? e.toString() : e.getMessage();
        String reason = why.length() > MAX_REASON ? why.substring(0, MAX_REASON) + "..." : why;
        return r -> failed.apply(r, reason);
    }
}
