package io.loadlab.loadgen.job;

import java.util.List;

/** A job was refused because another holds the {@link ActiveJob} slot; the API answers 409 naming it. */
public class ActiveJobException extends RuntimeException {

    private final List<ActiveJob.Job> active;
    private final boolean shareFull;
    private final String limit;

    public ActiveJobException(String wanted, List<ActiveJob.Job> active) {
        this(message(wanted, active), active,
                !active.isEmpty() && active.stream().allMatch(j -> j.kind().equals(wanted)), null);
    }

    private ActiveJobException(String message, List<ActiveJob.Job> active, boolean shareFull, String limit) {
        super(message, null, false, false);
        this.active = List.copyOf(active);
        this.shareFull = shareFull;
        this.limit = limit;
    }

    /** The same refusal, naming the setting that limits how many jobs of the refused kind share the slot. */
    public ActiveJobException limitedBy(String setting) {
        return new ActiveJobException(getMessage(), active, shareFull, setting);
    }

    /** The setting that limits the share, when {@link #shareFull()} and the kind has one; else null. */
    public String limit() {
        return shareFull ? limit : null;
    }

    private static String message(String wanted, List<ActiveJob.Job> active) {
        if (active.isEmpty()) {
            return "the " + wanted + " was started for a job that is no longer active";
        }
        if (active.stream().allMatch(j -> j.kind().equals(wanted))) {
            return "already " + active.size() + " active " + wanted + "(s): "
                    + active.stream().map(ActiveJob.Job::id).toList();
        }
        return active.get(0) + " is active";
    }

    /** The jobs in the way, oldest first. */
    public List<ActiveJob.Job> active() {
        return active;
    }

    /** True when jobs of the kind asked for fill the slot (its share, e.g. {@code loadgen.runs.max-active}). */
    public boolean shareFull() {
        return shareFull;
    }

    /** The id of the first job in the way, or null. */
    public String first() {
        return active.isEmpty() ? null : active.get(0).id();
    }
}
