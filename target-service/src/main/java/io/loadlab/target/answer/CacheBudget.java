package io.loadlab.target.answer;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.OptionalLong;

/**
 * How many bytes of encoded answers the cache may hold: {@code target.cache.max-bytes} when set, else a quarter of
 * the direct memory the JVM allows, where the answers live. A count alone was no bound: 1,000 answers of up to
 * 10,000 items are 837 MB, and under {@code -XX:MaxDirectMemorySize=256m} 669 of 1,001 distinct numbers got 500.
 * A quarter leaves the rest to Netty's I/O buffers and to evicted answers not yet collected.
 */
final class CacheBudget {

    static final int SHARE_DIVISOR = 4;

    private CacheBudget() {
    }

    /** The budget in bytes, at least 1. */
    static long bytes(OptionalLong configured) {
        if (configured.isPresent()) {
            return Math.max(1, configured.getAsLong());
        }
        return Math.max(1, maxDirectMemory() / SHARE_DIVISOR);
    }

    /**
     * {@code -XX:MaxDirectMemorySize}, or, when not set (0) or not readable (a native image), the JDK's default for it:
     * the heap's maximum.
     */
    static long maxDirectMemory() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            long set = hotspot == null ? 0 : Long.parseLong(hotspot.getVMOption("MaxDirectMemorySize").getValue());
            if (set > 0) {
                return set;
            }
        } catch (RuntimeException | LinkageError e) {
            // no HotSpot option to read: the default applies
        }
        return Runtime.getRuntime().maxMemory();
    }
}
