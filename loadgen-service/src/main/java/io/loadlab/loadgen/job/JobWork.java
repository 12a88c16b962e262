package io.loadlab.loadgen.job;

import java.util.function.UnaryOperator;

/**
 * What an active job does on its own thread ({@link JobThread}): its whole body, returning how its record ends
 * (completed, cancelled, or failed with why). Whatever it throws instead ends the job failed.
 *
 * @param <R> the job's record
 */
@FunctionalInterface
public interface JobWork<R extends JobRecord> {

    UnaryOperator<R> run() throws Exception;
}
