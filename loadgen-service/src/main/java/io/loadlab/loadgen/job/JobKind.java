package io.loadlab.loadgen.job;

import java.time.Instant;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A kind of job as the {@link Jobs} registry knows it. Each kind declares one constant of this and
 * {@link Jobs#register registers} it once; the registry never names a kind itself, so a new one (distributed runs)
 * is a constant and a register call in its own package.
 *
 * @param name      names the kind in messages and 409 bodies: "run", "experiment"
 * @param type      its persisted record
 * @param liveType  its live handle while active
 * @param dir       its subdirectory of the data dir, "" for the data dir itself
 * @param died      the record to keep for one found active at startup: its process died while it ran
 * @param <R>       the record
 * @param <L>       the live handle
 */
public record JobKind<R extends JobRecord, L extends LiveJob>(String name, Class<R> type, Class<L> liveType, String dir,
                                                              BiFunction<R, Instant, R> died) {

    public JobKind {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(liveType, "liveType");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(died, "died");
    }

    /**
     * This kind's files under {@code dataDir}. Here, where {@code type} is read as a field: the native guard
     * (NativeReadinessTest) follows a field back to the class literal each kind passes, not an accessor call.
     */
    JsonFileStore<R> files(DataDir dataDir) {
        return dataDir.store(dir, type, JobRecord::id, name);
    }

    @Override
    public String toString() {
        return name;
    }
}
