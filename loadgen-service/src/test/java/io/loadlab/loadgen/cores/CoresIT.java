package io.loadlab.loadgen.cores;

import io.loadlab.common.cores.Cores;
import io.loadlab.testsupport.PackagedCores;
import io.loadlab.testsupport.ServiceJar;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged loadgen, started as the manifests start it: {@code LOADLAB_CPU_LIMIT} from the Downward API
 * (with no CPU limit, the node's allocatable), and a cpuset that may be narrower (taskset here, the static CPU
 * manager's shared pool in a cluster). Its event loops and {@code cores} tag both follow {@link Cores}.
 */
@SystemTest
class CoresIT {

    @Test
    void aLimitBelowTheCpusCapsLoopsAndTag() throws Exception {
        assertTrue(Runtime.getRuntime().availableProcessors() >= 2,
                "this test needs at least 2 CPUs to show a limit of 1 capping them; it has " + Runtime.getRuntime().availableProcessors());
        assertStartsWithOneLoop(List.of(), "1");
    }

    /** The loadgen: a limit (the node's allocatable) above the cpuset it may run on. */
    @Test
    void aLimitAboveTheCpusetNeverRaisesThem() throws Exception {
        assertStartsWithOneLoop(List.of("taskset", "-c", PackagedCores.firstAllowedCpu()), "64");
    }

    private static void assertStartsWithOneLoop(List<String> prefix, String limit) throws Exception {
        // under target/: mvn clean removes it
        String data = Files.createTempDirectory(Path.of("target"), "cores-data").toString();
        PackagedCores.assertOneOfEach(ServiceJar.LOADGEN, prefix, limit,
                List.of("-Dloadgen.api.insecure=true", "-Dloadgen.data-dir=" + data), "vert.x-eventloop-thread-");
    }
}
