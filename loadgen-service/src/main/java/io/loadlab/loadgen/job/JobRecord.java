package io.loadlab.loadgen.job;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What the {@link Jobs} registry needs of a job's persisted record: its id (a {@link JobIds} id, which is also its
 * file name) and whether the job has ended. Records are immutable; each step of a job makes a new one. Registered
 * for reflection because the store hands records to Jackson under this type; the native guard then checks that
 * every implementation is registered too.
 */
@RegisterForReflection
public interface JobRecord {

    String id();

    /** True once the job reached an end state (completed, cancelled, failed); it is then never active again. */
    boolean ended();
}
