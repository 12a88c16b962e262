package io.loadlab.target.cores;

import io.loadlab.common.cores.Cores;
import io.loadlab.testsupport.PackagedCores;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged target, started as the manifests start it: {@code LOADLAB_CPU_LIMIT} from the Downward API,
 * and a cpuset that may be narrower (taskset here, the static CPU manager's pools in a cluster). Its event
 * loops, UDP sockets and {@code cores} tag all follow {@link Cores}.
 */
@SystemTest
class CoresIT {

    @Test
    void aLimitBelowTheCpusCapsLoopsSocketsAndTag() throws Exception {
        assertTrue(Runtime.getRuntime().availableProcessors() >= 2,
                "this test needs at least 2 CPUs to show a limit of 1 capping them; it has " + Runtime.getRuntime().availableProcessors());
        assertStartsWithOneOfEach(List.of(), "1");
    }

    /** The loadgen: a limit (the node's allocatable) above the cpuset it may run on. */
    @Test
    void aLimitAboveTheCpusetNeverRaisesThem() throws Exception {
        assertStartsWithOneOfEach(List.of("taskset", "-c", PackagedCores.firstAllowedCpu()), "64");
    }

    private static void assertStartsWithOneOfEach(List<String> prefix, String limit) throws Exception {
        PackagedCores.assertOneOfEach(ServiceJar.TARGET, prefix, limit,
                List.of("-Dtarget.udp.host=127.0.0.1", "-Dtarget.udp.port=0", "-Dtarget.https.host=127.0.0.1",
                        "-Dtarget.https.port=0"), "vert.x-eventloop-thread-", "udp-reflector-");
    }
}
