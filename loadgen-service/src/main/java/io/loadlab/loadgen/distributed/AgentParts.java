package io.loadlab.loadgen.distributed;

import io.loadlab.common.cpu.Schedstat;
import io.loadlab.common.cpu.ThreadSchedstats;
import io.loadlab.loadgen.engine.IntervalSample;
import io.loadlab.loadgen.engine.IntervalSeries;
import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.engine.RecentIntervals;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.http.HttpReport;
import io.loadlab.loadgen.http.RequestReport;
import io.loadlab.loadgen.job.ActiveJob;
import io.loadlab.loadgen.job.ActiveJobException;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunRecord;
import io.loadlab.loadgen.run.RunSpec;
import io.loadlab.loadgen.run.RunState;
import io.loadlab.loadgen.run.Runs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The agent's side of distributed runs: each part a controller hands over is started at the agreed instant as an
 * ordinary run through {@link Runs} (so the agent's one-active-job rule, records and meters apply to it as to any
 * run), its intervals are served from the run's own {@link IntervalSeries}, and an {@link AgentLease} cancels it
 * when the controller stops calling. Thread-safe.
 * <p>
 * A part claims the one active-job slot when the controller hands it over, not at its start instant: between the two
 * (about a second) a user's run would otherwise slip in and make the part fail at its start. Its run then starts under
 * that claim, as an experiment's cells do under the experiment's, and the claim is released when the part ends
 * however it ends (its run finished, a cancel or an expired lease before the start, a start that failed).
 */
public final class AgentParts {

    /** The kind of job a part's claim names in the active-job slot (and in a 409 a user gets meanwhile). */
    static final String KIND = "agent part";
    /** Parts kept for the controller to read after they ended; a controller reads a part's last interval within seconds. */
    static final int RETAIN = 16;

    private final Runs runs;
    private final ActiveJob slot;
    private final NanoClock clock;
    private final TaskScheduler scheduler;
    private final LongSupplier processCpuNanos;
    private final int cores;
    private final Supplier<Map<Long, Schedstat>> threads;
    /** Guarded by {@code this}; oldest first. */
    private final Map<String, Part> parts = new LinkedHashMap<>();

    /**
     * @param processCpuNanos this process's CPU time so far (the JVM's), for the saturation a controller judges
     *                        the busiest agent by
     * @param cores           the CPUs this process may use
     * @param threads         every thread's schedstat now ({@code ThreadSchedstats.read}), empty where there is none
     */
    public AgentParts(Runs runs, ActiveJob slot, NanoClock clock, TaskScheduler scheduler, LongSupplier processCpuNanos,
                      int cores, Supplier<Map<Long, Schedstat>> threads) {
        this.runs = runs;
        this.slot = slot;
        this.clock = clock;
        this.scheduler = scheduler;
        this.processCpuNanos = processCpuNanos;
        this.cores = Math.max(1, cores);
        this.threads = threads;
    }

    /**
     * Schedules {@code spec}, which the caller has validated and guarded, to start at {@code startAtNanos} on this
     * agent's clock (at once when that is past).
     *
     * @throws ActiveJobException when a job is active now
     */
    public AgentRunStarted start(String controllerRunId, RunSpec spec, long startAtNanos, Duration lease) {
        // unguessable (a UUID, SecureRandom's 122 bits): with "part-1", "part-2" any caller could read or stop a part
        Part part = new Part("part-" + UUID.randomUUID(), controllerRunId, spec, startAtNanos);
        slot.claim(part.claim, 1);
        part.lease = new AgentLease(clock, lease, part::expire);
        synchronized (this) {
            parts.put(part.id, part);
            trim();
        }
        part.lease.watch(scheduler);
        part.pending = scheduler.schedule(part::launch, startAtNanos - clock.nanoTime());
        return new AgentRunStarted(part.id, Math.max(startAtNanos, clock.nanoTime()));
    }

    /**
     * The intervals of part {@code id} from index {@code from} on; renews its lease. Empty for an unknown part.
     *
     * @param withReport whether a complete batch carries the part's own report (the controller's kind merges them)
     */
    public Optional<IntervalBatch> intervals(String id, long from, boolean withReport) {
        return part(id).map(p -> {
            p.lease.renew();
            return p.batch(from, withReport);
        });
    }

    /** Renews part {@code id}'s lease; false for an unknown part. */
    public boolean heartbeat(String id) {
        return part(id).map(p -> {
            p.lease.renew();
            return true;
        }).orElse(false);
    }

    /** Stops part {@code id} (before or after its start); false for an unknown part. */
    public boolean cancel(String id) {
        return part(id).map(p -> {
            p.stop(null);
            return true;
        }).orElse(false);
    }

    private synchronized Optional<Part> part(String id) {
        return Optional.ofNullable(parts.get(id));
    }

    private void trim() {
        var it = parts.values().iterator();
        while (parts.size() > RETAIN && it.hasNext()) {
            Part oldest = it.next();
            if (oldest.ended()) {
                it.remove();
            } else {
                return; // a live part is never forgotten; at most one is live (the active-job rule)
            }
        }
    }

    /** One part: pending until its start, then the run it started. */
    private final class Part {
        final String id;
        final String controllerRunId;
        final RunSpec spec;
        final long startAtNanos;
        /** The slot's claim from handover to end; its run starts under it. */
        final ActiveJob.Job claim;
        AgentLease lease;
        Future<?> pending;
        /** Guarded by {@code this}. */
        private String runId;
        private IntervalSeries series;
        private Long latenessNanos;
        private long launchedNanos;
        private long launchCpuNanos;
        private Map<Long, Schedstat> launchThreads = Map.of();
        private String failure;
        private boolean stopped;

        Part(String id, String controllerRunId, RunSpec spec, long startAtNanos) {
            this.id = id;
            this.controllerRunId = controllerRunId;
            this.spec = spec;
            this.startAtNanos = startAtNanos;
            this.claim = new ActiveJob.Job(KIND, id);
        }

        /** Gives the slot back; idempotent, since a claim no longer held changes nothing. */
        void release() {
            slot.release(claim);
        }

        void launch() {
            synchronized (this) {
                if (stopped) {
                    return;
                }
                launchedNanos = clock.nanoTime();
                launchCpuNanos = processCpuNanos.getAsLong();
                launchThreads = threads.get();
                latenessNanos = launchedNanos - startAtNanos;
                try {
                    RunRecord run = runs.start(spec, claim);
                    runId = run.id();
                    series = runs.live(runId).map(LoadRun::intervals).orElse(null);
                    if (run.state() == RunState.FAILED) {
                        failure = run.failure();
                    }
                } catch (RuntimeException e) { // another job slipped in, or the data dir is full
                    failure = "could not start: " + e.getMessage();
                }
            }
            Optional<LoadRun> live = failure != null ? Optional.empty() : runs.live(runId);
            if (live.isEmpty()) { // failed to start, or ended already: nothing holds the slot for it
                lease.release();
                release();
            } else {
                live.get().done().whenComplete((o, e) -> {
                    lease.release();
                    release();
                });
            }
        }

        void expire() {
            stop("the controller of " + controllerRunId + " stopped calling; the agent cancelled its part");
        }

        void stop(String why) {
            String run;
            synchronized (this) {
                if (why != null && failure == null && !ended()) {
                    failure = why;
                }
                stopped = true;
                run = runId;
            }
            Future<?> p = pending;
            if (p != null) {
                p.cancel(false);
            }
            lease.release();
            if (run != null) {
                runs.cancel(run); // its end releases the claim
            } else {
                release(); // never launched, and launch() now returns at once: stopped
            }
        }

        synchronized boolean ended() {
            return runId == null ? stopped || failure != null
                    : runs.find(runId).map(r -> r.state().finished()).orElse(true);
        }

        /**
         * The agent's generator demand since the part started, 0..1, as a local cell's is judged: the larger of the
         * process's CPU over what its CPUs could give (an agent runs nothing but its part, the active-job rule) and
         * the mean busy share (CPU + run-queue wait) of its busiest threads, as many as the part has event loops. The
         * second is what sees a part of 1 loop on a 4-core agent saturated: the first can then reach only 0.25.
         */
        private double saturation() {
            if (latenessNanos == null) {
                return 0;
            }
            long wall = clock.nanoTime() - launchedNanos;
            long cpu = processCpuNanos.getAsLong() - launchCpuNanos;
            double process = wall <= 0 || cpu <= 0 ? 0 : Math.min(1.0, (double) cpu / wall / cores);
            double loops = ThreadSchedstats.busiest(launchThreads, threads.get(), wall, spec.eventLoops());
            return Math.max(process, loops);
        }

        /** The finished run's request mix, name by name (an http report's; no other kind has one). */
        private static List<RequestReport> mix(Optional<RunRecord> run) {
            return run.map(RunRecord::report).filter(HttpReport.class::isInstance)
                    .map(r -> ((HttpReport) r).mix()).orElse(List.of());
        }

        synchronized IntervalBatch batch(long from, boolean withReport) {
            Optional<RunRecord> run = runId == null ? Optional.empty() : runs.find(runId);
            String state = run.map(r -> r.state().json())
                    .orElse(failure != null ? "failed" : stopped ? "cancelled" : "pending");
            String why = failure != null ? failure : run.map(RunRecord::failure).orElse(null);
            RecentIntervals recent = series == null ? new RecentIntervals(List.of(), 0) : series.recent(from);
            List<IntervalSample> got = recent.intervals();
            boolean more = got.size() > IntervalBatch.MAX_INTERVALS;
            if (more) {
                got = new ArrayList<>(got.subList(0, IntervalBatch.MAX_INTERVALS));
            }
            boolean ended = run.map(r -> r.state().finished()).orElse(failure != null || stopped);
            boolean complete = !more && ended && (series == null || series.finished());
            return new IntervalBatch(state, got, complete, recent.missed(), latenessNanos,
                    saturation(), why, complete ? mix(run) : List.of(),
                    complete && withReport ? run.map(RunRecord::report).orElse(null) : null);
        }
    }
}
