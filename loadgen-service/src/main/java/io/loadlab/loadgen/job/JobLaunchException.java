package io.loadlab.loadgen.job;

/**
 * A job's launch threw after its record was written: the registry released its claim and tracks nothing;
 * the kind records the failure ({@link Jobs#record}) as it sees fit.
 */
public class JobLaunchException extends RuntimeException {

    public JobLaunchException(RuntimeException cause) {
        super(cause.getMessage(), cause);
    }
}
