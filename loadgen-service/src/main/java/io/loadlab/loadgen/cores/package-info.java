/**
 * How many CPUs this process can run on, and the counts that follow from it: the Quarkus event loops
 * (the REST API and /q/metrics) and the {@code cores} tag on every meter. A run's own event loops are
 * its {@code threads}, chosen per run.
 *
 * <h2>The rule</h2>
 * {@link io.loadlab.loadgen.cores.Cores}: the CPUs the JVM may run on ({@code availableProcessors()}:
 * the cpuset and any cgroup CPU quota), capped, never raised, by a CPU limit passed in
 * {@code LOADLAB_CPU_LIMIT}. The target holds the same rule in its own {@code cores} package (no module
 * is shared by both services yet); both are documented in k8s/README.md.
 *
 * <h2>Dependencies</h2>
 * The JDK and MicroProfile Config's SPI only: the configuration is being built when this is asked, so
 * nothing here may use CDI, Vert.x or the configuration it helps to make.
 */
package io.loadlab.loadgen.cores;
