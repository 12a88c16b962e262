package io.loadlab.loadgen.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Every job this process knows, of every {@link JobKind}: one store per kind, one restore, one trim, find, list,
 * cancel, and the one {@link ActiveJob} rule. A job starts only once it holds the slot (or runs under the claim
 * of the job that owns it: an experiment's cell) and once its record is on disk; each later step is saved and a
 * finished record is never lost to a full disk ({@link JobStore#save} keeps it until it is written). Memory keeps
 * the active jobs and the newest {@code retain} ended ones of each kind; all stay on disk. A job found active at
 * startup belonged to a process that died, and is recorded as such ({@link JobKind#died}).
 */
@ApplicationScoped
public class Jobs {

    private static final Logger LOG = Logger.getLogger(Jobs.class);

    private final DataDir dataDir;
    private final Clock clock;
    private final JobIds ids;
    private final ActiveJob slot;
    /** Guarded by {@code this}, like everything below. */
    private final Map<JobKind<?, ?>, Shelf<?>> shelves = new HashMap<>();
    /** Ids sort by creation (all kinds share {@link JobIds}), so the last key is the newest job. */
    private final NavigableMap<String, Tracked> jobs = new TreeMap<>();

    @Inject
    public Jobs(DataDir dataDir, Clock clock, JobIds ids, ActiveJob slot) {
        this.dataDir = dataDir;
        this.clock = clock;
        this.ids = ids;
        this.slot = slot;
    }

    /**
     * Opens {@code kind}'s store and restores its newest {@code retain} jobs, recording those found active as died.
     *
     * @param retain ended jobs of this kind kept in memory and listed
     * @param share  jobs of this kind that may be active together
     * @param limit  the setting that sets {@code share}, named when it refuses a job; null if none
     */
    public synchronized <R extends JobRecord> void register(JobKind<R, ?> kind, int retain, int share, String limit) {
        if (shelves.containsKey(kind)) {
            throw new IllegalStateException("job kind " + kind + " registered twice");
        }
        Shelf<R> shelf = new Shelf<>(new JobStore<>(dataDir, kind), retain, share, limit);
        shelves.put(kind, shelf);
        for (R job : shelf.store().newest(retain)) {
            if (!job.ended()) {
                job = kind.died().apply(job, clock.instant());
                shelf.store().save(job);
                LOG.warnf("%s %s was active when the load generator stopped; recorded as failed", kind, job.id());
            }
            jobs.put(job.id(), Tracked.ended(kind, job));
            ids.seedAfter(job.id());
        }
    }

    /**
     * Fails as {@link #start} would now for lack of the slot, starting nothing (see {@link ActiveJob#requireRoom}).
     *
     * @throws ActiveJobException when a job of {@code kind} would be refused the slot now
     */
    public synchronized void requireRoom(JobKind<?, ?> kind) {
        Shelf<?> shelf = shelf(kind);
        try {
            slot.requireRoom(kind.name(), shelf.share());
        } catch (ActiveJobException e) {
            throw e.limitedBy(shelf.limit());
        }
    }

    /** A fresh id, after every id this process or a restored record has used. */
    public String nextId() {
        return ids.next();
    }

    /**
     * Starts {@code record}'s job: claims the slot (or checks that {@code owner} holds it), writes the record, then
     * launches it; the job stays active until {@link #end}.
     *
     * @param owner the job whose claim this one runs under, or null to claim the slot itself
     * @throws ActiveJobException          when another job holds the slot, or {@code owner} no longer does
     * @throws DataDirUnavailableException when the record cannot be written; nothing was launched
     * @throws JobLaunchException          when {@code launch} threw; the claim is released, nothing is tracked
     */
    public <R extends JobRecord, L extends LiveJob> L start(JobKind<R, L> kind, R record, ActiveJob.Job owner,
                                                            Function<R, L> launch) {
        return start(kind, record.id(), at -> record, owner, launch);
    }

    /**
     * As {@link #start(JobKind, JobRecord, ActiveJob.Job, Function)}, the record built under this registry's lock
     * once the slot is held, so its start time is never before the end of the job that held the slot before it
     * (a run stamped first and admitted 1-50 ms later, once an experiment had ended, read as a run started during it).
     *
     * @param build the job's record, given the instant it starts
     */
    public synchronized <R extends JobRecord, L extends LiveJob> L start(JobKind<R, L> kind, String id,
                                                                         Function<Instant, R> build,
                                                                         ActiveJob.Job owner, Function<R, L> launch) {
        Shelf<R> shelf = shelf(kind);
        ActiveJob.Job claim = owner == null ? new ActiveJob.Job(kind.name(), id) : null;
        if (claim != null) {
            try {
                slot.claim(claim, shelf.share());
            } catch (ActiveJobException e) {
                throw e.limitedBy(shelf.limit());
            }
        } else {
            slot.requireHeldBy(owner, kind.name());
        }
        R record = build.apply(clock.instant());
        L live;
        try {
            shelf.store().write(record);
            live = launch.apply(record);
        } catch (DataDirUnavailableException e) {
            release(claim);
            throw e;
        } catch (RuntimeException e) {
            release(claim);
            throw new JobLaunchException(e);
        }
        jobs.put(record.id(), new Tracked(kind, record, live, new CompletableFuture<>(), claim));
        trim(kind);
        return live;
    }

    /** Keeps a job that ended without ever being active (it failed to launch). */
    public synchronized <R extends JobRecord> void record(JobKind<R, ?> kind, R ended) {
        shelf(kind).store().save(ended);
        jobs.put(ended.id(), Tracked.ended(kind, ended));
        trim(kind);
    }

    /** Applies {@code step} to the active job {@code id}'s record and saves the result; empty when it is not active. */
    public synchronized <R extends JobRecord> Optional<R> update(JobKind<R, ?> kind, String id, UnaryOperator<R> step) {
        Tracked t = active(kind, id);
        if (t == null) {
            return Optional.empty();
        }
        R next = step.apply(kind.type().cast(t.record()));
        shelf(kind).store().save(next);
        jobs.put(id, t.with(next));
        return Optional.of(next);
    }

    /**
     * Ends the active job {@code id} with the record {@code last} makes of its current one: saves it, releases the
     * job's claim and completes its {@link #cancel} stage. Empty when the job is not active (it ended already).
     */
    public <R extends JobRecord> Optional<R> end(JobKind<R, ?> kind, String id, UnaryOperator<R> last) {
        return end(kind, id, last, ended -> { });
    }

    /** As {@link #end(JobKind, String, UnaryOperator)}, telling {@code onEnded} before anyone waiting on the job is. */
    public synchronized <R extends JobRecord> Optional<R> end(JobKind<R, ?> kind, String id, UnaryOperator<R> last,
                                                              Consumer<R> onEnded) {
        Tracked t = active(kind, id);
        if (t == null) {
            return Optional.empty();
        }
        R ended = last.apply(kind.type().cast(t.record()));
        if (!ended.ended()) {
            throw new IllegalArgumentException(kind + " " + id + " cannot end as an active record");
        }
        RuntimeException unsaved = null;
        try {
            shelf(kind).store().save(ended);
        } catch (RuntimeException e) { // a full disk still ends the job: its slot is never kept (issue 22)
            unsaved = e;
        }
        jobs.put(id, Tracked.ended(kind, ended));
        release(t.claim());
        try {
            onEnded.accept(ended);
        } finally {
            t.ended().complete(ended); // whoever waits on a cancel learns the end even if a listener threw
        }
        trim(kind);
        if (unsaved != null) {
            throw unsaved; // ended in memory, and the caller learns it is not on disk
        }
        return Optional.of(ended);
    }

    /**
     * The job {@code id} of {@code kind}, from memory or else from disk. Only the in-memory lookup holds this
     * registry's lock: a record on disk is read and parsed after it is let go, so a slow read (a 480 KB record of an
     * hour's series took 0.9-1.5 s with 6 such reads at once) never holds up a lookup, a run's step or its end.
     */
    public <R extends JobRecord> Optional<R> find(JobKind<R, ?> kind, String id) {
        JobStore<R> store;
        synchronized (this) {
            Tracked t = jobs.get(id);
            if (t != null && t.kind().equals(kind)) {
                return Optional.of(kind.type().cast(t.record()));
            }
            store = shelf(kind).store();
        }
        return store.read(id);
    }

    /** The live handle of {@code id} while it is active. */
    public synchronized <L extends LiveJob> Optional<L> live(JobKind<?, L> kind, String id) {
        Tracked t = active(kind, id);
        return Optional.ofNullable(t == null ? null : kind.liveType().cast(t.live()));
    }

    /**
     * Asks the active job {@code id} to stop; the stage completes with its final record once it has ended.
     * Empty when it is not active. The job is asked outside the registry's lock: a run may end at once, on this
     * thread, and its kind then takes its own lock before this one's.
     */
    public <R extends JobRecord> Optional<CompletionStage<R>> cancel(JobKind<R, ?> kind, String id) {
        Tracked t;
        synchronized (this) {
            t = active(kind, id);
        }
        if (t == null) {
            return Optional.empty();
        }
        t.live().cancel();
        return Optional.of(t.ended().thenApply(kind.type()::cast));
    }

    /** Jobs of {@code kind} in memory, newest first. */
    public synchronized <R extends JobRecord> List<R> list(JobKind<R, ?> kind) {
        List<R> all = new ArrayList<>();
        for (Tracked t : jobs.descendingMap().values()) {
            if (t.kind().equals(kind)) {
                all.add(kind.type().cast(t.record()));
            }
        }
        return all;
    }

    /** How many jobs of {@code kind} are stored, listed in memory or not; counted outside the registry's lock. */
    public int stored(JobKind<?, ?> kind) {
        JobStore<?> store;
        synchronized (this) {
            store = shelf(kind).store();
        }
        return store.count();
    }

    /** Ids of the active jobs of {@code kind}, oldest first. */
    public synchronized List<String> activeIds(JobKind<?, ?> kind) {
        return jobs.values().stream().filter(t -> t.kind().equals(kind) && t.live() != null)
                .map(t -> t.record().id()).toList();
    }

    private Tracked active(JobKind<?, ?> kind, String id) {
        Tracked t = jobs.get(id);
        return t != null && t.kind().equals(kind) && t.live() != null ? t : null;
    }

    @SuppressWarnings("unchecked")
    private <R extends JobRecord> Shelf<R> shelf(JobKind<R, ?> kind) {
        Shelf<R> shelf = (Shelf<R>) shelves.get(kind);
        if (shelf == null) {
            throw new IllegalStateException("job kind " + kind + " is not registered");
        }
        return shelf;
    }

    private void release(ActiveJob.Job claim) {
        if (claim != null) {
            slot.release(claim);
        }
    }

    /** Drops the oldest ended jobs of {@code kind} from memory beyond its {@code retain}; they stay on disk. */
    private void trim(JobKind<?, ?> kind) {
        int retain = shelves.get(kind).retain();
        int ended = (int) jobs.values().stream().filter(t -> t.kind().equals(kind) && t.live() == null).count();
        var it = jobs.values().iterator();
        while (ended > retain && it.hasNext()) {
            Tracked t = it.next();
            if (t.kind().equals(kind) && t.live() == null) {
                it.remove();
                ended--;
            }
        }
    }

    /** A kind's store and its policy. */
    private record Shelf<R extends JobRecord>(JobStore<R> store, int retain, int share, String limit) {
    }

    /**
     * A job, its live handle while active (null once ended), a stage completed with its last record, and the slot
     * claim it releases at its end (null for a part of another job, which runs under that job's claim).
     */
    private record Tracked(JobKind<?, ?> kind, JobRecord record, LiveJob live,
                           CompletableFuture<JobRecord> ended, ActiveJob.Job claim) {

        static Tracked ended(JobKind<?, ?> kind, JobRecord record) {
            return new Tracked(kind, record, null, CompletableFuture.completedFuture(record), null);
        }

        Tracked with(JobRecord next) {
            return new Tracked(kind, next, live, ended, claim);
        }
    }
}
