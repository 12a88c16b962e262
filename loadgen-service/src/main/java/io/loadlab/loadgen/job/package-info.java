/**
 * Jobs: everything that runs and is kept (runs, experiments, later distributed runs) in one registry,
 * {@link io.loadlab.loadgen.job.Jobs}, with one store per kind under the data dir
 * ({@link io.loadlab.loadgen.job.JobStore} over the atomic {@link io.loadlab.loadgen.job.JsonFileStore}), one
 * restore, trim, find, list and cancel, and the one active-job rule ({@link io.loadlab.loadgen.job.ActiveJob}:
 * refused jobs get a 409 naming the job in the way). A kind of job is a {@link io.loadlab.loadgen.job.JobKind}
 * constant in its own package, registered once.
 *
 * <p>May depend on the JDK, Jackson, CDI and the data-dir health check. Names no kind of job: never {@code run},
 * {@code experiment}, a transport or {@code api} (ArchitectureTest#jobRegistryNamesNoKindOfJob).
 */
package io.loadlab.loadgen.job;
