package io.loadlab.common.cpu;

import java.util.Optional;

/**
 * What this process can learn about waiting for CPU: its threads' run-queue wait and its cgroup's CPU controller,
 * each empty where this kernel or container does not offer it. Found once; every figure is read when asked.
 */
public record CpuWaits(Optional<RunQueueWait> runQueueWait, Optional<CpuController> cgroup) {

    public static CpuWaits ofSelf() {
        return new CpuWaits(RunQueueWait.ofSelf(), CpuController.ofSelf());
    }
}
