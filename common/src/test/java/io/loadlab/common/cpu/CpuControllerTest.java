package io.loadlab.common.cpu;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuControllerTest {

    private static final String V2_MOUNT = "29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

    @Test
    void aHybridMachineUsesTheV1CpuHierarchy() {
        // this machine: "1:cpu:/" and "0::/", cpu mounted alone at /sys/fs/cgroup/cpu; cpuacct and cpuset are not it
        Optional<CpuController> c = CpuController.find(Resources.text("v1-hybrid.proc-cgroup"), Resources.text("v1-hybrid.mountinfo"));
        assertEquals(Optional.of(new CpuController(Path.of("/sys/fs/cgroup/cpu"), 1)), c);
    }

    @Test
    void aV1GroupBelowTheMountRootIsAppended() {
        String cgroup = "5:cpuacct,cpu:/kubepods/burstable/pod1/abc\n3:cpuset:/kubepods/burstable/pod1/abc\n";
        String mounts = "33 30 0:30 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n"
                + "34 30 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid master:9 - cgroup cgroup rw,cpu,cpuacct\n";
        assertEquals(Optional.of(new CpuController(Path.of("/sys/fs/cgroup/cpu,cpuacct/kubepods/burstable/pod1/abc"), 1)),
                CpuController.find(cgroup, mounts));
    }

    @Test
    void aV1ContainerSeesItsGroupAsTheMountRoot() {
        // docker without a cgroup namespace: the host's path in /proc/self/cgroup, the group bind-mounted at the mount point
        String cgroup = "4:cpu,cpuacct:/docker/0123abcd\n";
        String mounts = "700 690 0:31 /docker/0123abcd /sys/fs/cgroup/cpu,cpuacct ro,nosuid - cgroup cgroup rw,cpu,cpuacct\n";
        assertEquals(Optional.of(new CpuController(Path.of("/sys/fs/cgroup/cpu,cpuacct"), 1)), CpuController.find(cgroup, mounts));
    }

    @Test
    void aV2ContainerWithItsOwnNamespaceIsTheMountItself() {
        assertEquals(Optional.of(new CpuController(Path.of("/sys/fs/cgroup"), 2)), CpuController.find("0::/\n", V2_MOUNT));
    }

    @Test
    void aV2HostPathIsAppended() {
        String cgroup = "0::/kubepods.slice/kubepods-pod1.slice/cri-containerd-abc.scope\n";
        assertEquals(Optional.of(new CpuController(Path.of("/sys/fs/cgroup/kubepods.slice/kubepods-pod1.slice/cri-containerd-abc.scope"), 2)),
                CpuController.find(cgroup, V2_MOUNT));
    }

    @Test
    void noCpuHierarchyNoController() {
        assertEquals(Optional.empty(), CpuController.find("3:memory:/x\n", "34 30 0:31 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"));
        assertEquals(Optional.empty(), CpuController.find("", ""));
    }

    @Test
    void thisMachinesOwnGroupIsReadable() {
        // a real read: the machines these tests run on have a CPU controller (v1 here; v2 on current distributions)
        CpuController c = CpuController.ofSelf().orElseThrow(() -> new AssertionError("no readable cgroup CPU controller"));
        CpuStat s = c.stat().orElseThrow();
        assertTrue(s.throttledPeriods() <= s.periods(), s.toString());
        assertTrue(c.quotaCores().getAsDouble() > 0);
    }
}
