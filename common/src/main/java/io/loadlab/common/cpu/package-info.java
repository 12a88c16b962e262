/**
 * How long a process waited for a CPU, and how its cgroup limited it, read from Linux's own files.
 * <ul>
 * <li>{@link io.loadlab.common.cpu.RunQueueWait}: time its threads were runnable but not running (second field of
 *     {@code /proc/self/task/<tid>/schedstat}), summed over threads and kept monotonic across thread exits.</li>
 * <li>{@link io.loadlab.common.cpu.ThreadSchedstats}: every thread's schedstat at once, and the busiest threads
 *     between two readings (an event-loop generator's demand).</li>
 * <li>{@link io.loadlab.common.cpu.CpuController}: where its cgroup's CPU controller lives (v1 or v2, found from
 *     {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}), and its throttling ({@link io.loadlab.common.cpu.CpuStat})
 *     and quota ({@link io.loadlab.common.cpu.CpuQuota}).</li>
 * <li>{@link io.loadlab.common.cpu.ProcessCpu}: the process's own CPU time, user and system, from
 *     {@code /proc/self/stat}: the one reader of it in both services.</li>
 * </ul>
 * Why both: a process sharing its cores with a busy neighbour, or held back by a CFS quota, spends time runnable
 * and idle at once; its CPU time alone calls it half idle. Parsers are pure (text in, figures out) so they are
 * tested on files copied from real machines; the readers return empty where a kernel lacks the file.
 * <p>Depends on the JDK only: no Micrometer, Quarkus or Vert.x types (those bind it, in {@code io.loadlab.common.metrics}
 * and in each service).
 */
package io.loadlab.common.cpu;
