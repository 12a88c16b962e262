package io.loadlab.loadgen.engine;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The JVM's accumulated garbage-collection time, as its collectors count it: a run reads it when its measured part
 * starts and when it ends, and the difference is what collection took from it. Collectors that run beside the
 * application (G1's "G1 Concurrent GC" bean since JDK 20, ZGC's and Shenandoah's "Cycles") are left out: their time is
 * not a pause of the loops.
 */
public final class GcPauses {

    private final List<GarbageCollectorMXBean> collectors;

    public GcPauses() {
        this(ManagementFactory.getGarbageCollectorMXBeans());
    }

    GcPauses(List<GarbageCollectorMXBean> collectors) {
        this.collectors = collectors.stream()
                .filter(c -> !c.getName().contains("Concurrent") && !c.getName().contains("Cycles")).toList();
    }

    /** Milliseconds of pauses since the JVM started; collectors that cannot tell (-1) add nothing. */
    public long totalMillis() {
        long total = 0;
        for (GarbageCollectorMXBean c : collectors) {
            total += Math.max(0, c.getCollectionTime());
        }
        return total;
    }
}
