/**
 * How many CPUs this process can run on, and the counts that follow from it: the event loops, the UDP
 * reflector's sockets and the {@code cores} tag on every meter.
 *
 * <h2>The rule</h2>
 * {@link io.loadlab.target.cores.Cores}: the CPUs the JVM may run on ({@code availableProcessors()}: the
 * cpuset and any cgroup CPU quota), capped, never raised, by a CPU limit passed in
 * {@code LOADLAB_CPU_LIMIT}. The loadgen holds the same rule in its own {@code cores} package; both
 * are documented in k8s/README.md.
 *
 * <h2>Dependencies</h2>
 * The JDK and MicroProfile Config's SPI only: the configuration is being built when this is asked, so
 * nothing here may use CDI, Vert.x or the configuration it helps to make.
 */
package io.loadlab.target.cores;
