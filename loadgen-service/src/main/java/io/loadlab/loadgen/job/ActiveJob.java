package io.loadlab.loadgen.job;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * The one active job: the rule runs and experiments share. A job claims the slot atomically before it
 * starts; it is refused while a job of another kind holds it, so a run cannot slip in between two cells
 * of an experiment (seen: 1 of 39 POSTs every 5 ms got in, and the experiment then failed). Jobs of one
 * kind may share the slot up to a limit ({@code loadgen.runs.max-active} for runs, 1 for experiments). The
 * {@link Jobs} registry is its only caller.
 * An experiment's own cells start under its claim, not beside it.
 */
@ApplicationScoped
public class ActiveJob {

    /** A job that holds the slot: its kind's {@link JobKind#name() name} and its id. */
    public record Job(String kind, String id) {
        @Override
        public String toString() {
            return kind + " " + id;
        }
    }

    /** Guarded by {@code this}; all of one kind, oldest first. */
    private final List<Job> holders = new ArrayList<>();

    /**
     * Takes the slot for {@code job}.
     *
     * @param share how many jobs of its kind may hold the slot together
     * @throws ActiveJobException naming the holders when the slot is taken
     */
    public synchronized void claim(Job job, int share) {
        requireRoom(job.kind(), share);
        holders.add(job);
    }

    /**
     * Fails as {@link #claim} would now, claiming nothing: for a request to be refused before its costly part (a spec
     * that reads data files), never in place of the claim itself, which another job may still beat it to.
     *
     * @throws ActiveJobException naming the holders when a job of {@code kind} would be refused the slot now
     */
    public synchronized void requireRoom(String kind, int share) {
        if (!holders.isEmpty() && (!holders.get(0).kind().equals(kind) || holders.size() >= share)) {
            throw new ActiveJobException(kind, List.copyOf(holders));
        }
    }

    /** Gives the slot back; a job that does not hold it changes nothing. */
    public synchronized void release(Job job) {
        holders.remove(job);
    }

    /**
     * For work started under {@code owner}'s claim (an experiment's cells).
     *
     * @throws ActiveJobException when {@code owner} no longer holds the slot
     */
    public synchronized void requireHeldBy(Job owner, String kind) {
        if (!holders.contains(owner)) {
            throw new ActiveJobException(kind, List.copyOf(holders));
        }
    }

    public synchronized List<Job> holders() {
        return List.copyOf(holders);
    }
}
