package io.loadlab.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.loadlab.testsupport.SystemTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loadgen's memory in every overlay against the JVM flags its image runs with
 * ({@code quarkus.jib.jvm-additional-arguments}): a fixed heap of a share of the container's limit, touched at start.
 * So the pod is resident at heap + the rest of the JVM from its first second, which its request must cover (the node
 * reserves it), and heap + as much direct memory again (the JVM's default bound for it) + the rest must fit the limit.
 * The rest of the JVM is what {@code bench/soak.sh} measured besides the heap: at most 150 MiB (247 MiB resident with a
 * 92 MiB heap, in a 256 MiB cgroup, peak cgroup usage 239 MiB).
 */
@SystemTest
class LoadgenMemoryTest {

    static final List<String> OVERLAYS = Kustomize.OVERLAYS;
    private static final BigDecimal REST_OF_THE_JVM = Quantity.getAmountInBytes(new Quantity("150Mi"));

    @ParameterizedTest
    @FieldSource("OVERLAYS")
    void everyLoadgenContainerIsRequestedItsHeapAndHoldsItsDirectMemoryUnderItsLimit(String overlay) {
        Rendered r = Kustomize.render(overlay);
        List<Container> loadgens = new ArrayList<>();
        for (Workload w : r.workloads()) {
            w.spec().getContainers().stream().filter(c -> c.getImage() != null && c.getImage().contains("loadgen-service"))
                    .forEach(loadgens::add);
        }
        assertTrue(!loadgens.isEmpty(), overlay + ": no loadgen container");
        BigDecimal share = heapShare();
        for (Container c : loadgens) {
            BigDecimal limit = bytes(c, c.getResources().getLimits());
            BigDecimal request = bytes(c, c.getResources().getRequests());
            BigDecimal heap = limit.multiply(share);
            assertTrue(heap.add(REST_OF_THE_JVM).compareTo(request) <= 0,
                    overlay + ": " + c.getName() + " is resident at " + mib(heap.add(REST_OF_THE_JVM)) + " MiB from its start, over its request of " + mib(request));
            assertTrue(heap.multiply(BigDecimal.valueOf(2)).add(REST_OF_THE_JVM).compareTo(limit) <= 0,
                    overlay + ": " + c.getName() + "'s heap and direct memory (" + mib(heap.multiply(BigDecimal.valueOf(2))) + " MiB) and the rest do not fit its limit of " + mib(limit));
        }
    }

    /** The fixed heap's share of the limit, from the image's flags: Initial = Max, and pre-touched. */
    static BigDecimal heapShare() {
        String flags = Repo.properties("loadgen-service").getProperty("quarkus.jib.jvm-additional-arguments");
        assertNotNull(flags, "loadgen-service: quarkus.jib.jvm-additional-arguments");
        String max = percentage(flags, "MaxRAMPercentage");
        assertEquals(max, percentage(flags, "InitialRAMPercentage"), "a fixed heap: initial = max, in " + flags);
        assertTrue(flags.contains("-XX:+AlwaysPreTouch"), "the heap touched at start, in " + flags);
        return new BigDecimal(max).movePointLeft(2);
    }

    private static String percentage(String flags, String name) {
        Matcher m = Pattern.compile("-XX:" + name + "=([0-9.]+)").matcher(flags);
        assertTrue(m.find(), name + " in " + flags);
        return m.group(1);
    }

    private static BigDecimal bytes(Container c, java.util.Map<String, Quantity> resources) {
        assertNotNull(resources, c.getName() + ": resources");
        Quantity q = resources.get("memory");
        assertNotNull(q, c.getName() + ": memory");
        return Quantity.getAmountInBytes(q);
    }

    private static long mib(BigDecimal bytes) {
        return bytes.divide(BigDecimal.valueOf(1 << 20), java.math.RoundingMode.HALF_UP).longValue();
    }
}
