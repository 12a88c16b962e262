/**
 * How many CPUs this process can run on, and the counts that follow from it in both services: their Quarkus
 * event loops ({@link io.loadlab.common.cores.EventLoopsPerCore}, registered as a MicroProfile ConfigSource
 * by this module's {@code META-INF/services}), the target's UDP reflector threads and the {@code cores} tag
 * on every meter. A loadgen run's own event loops are its {@code threads}, chosen per run.
 *
 * <h2>The rule</h2>
 * {@link io.loadlab.common.cores.Cores}: the CPUs the JVM may run on ({@code availableProcessors()}: the
 * cpuset and any cgroup CPU quota), capped, never raised, by a CPU limit passed in {@code LOADLAB_CPU_LIMIT}.
 * One class for both services, so the loop count and the tag can never follow two rules (k8s/README.md).
 *
 * <h2>Dependencies</h2>
 * The JDK and MicroProfile Config's SPI only: the configuration is being built when this is asked, so
 * nothing here may use CDI, Vert.x or the configuration it helps to make.
 */
package io.loadlab.common.cores;
