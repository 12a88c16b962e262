/**
 * A run or an experiment followed from its POST to its end: where each lives in the API ({@link
 * io.loadlab.cli.job.JobType}), polling until it has finished ({@link io.loadlab.cli.job.Follower}), and cancelling it
 * on the server when the command is interrupted ({@link io.loadlab.cli.job.Cancellation}).
 * <p>
 * May depend on: the JDK, Jackson, {@code api} and {@code progress}.
 */
package io.loadlab.cli.job;
