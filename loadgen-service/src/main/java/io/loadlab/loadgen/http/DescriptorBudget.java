package io.loadlab.loadgen.http;

import com.sun.management.UnixOperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * How many sockets a run may open and still leave the process the descriptors it needs for itself. At none free,
 * Quarkus' class loader could not open a jar (it opens them on demand): under a 512-descriptor limit a 5000-connection
 * run left Netty's epoll loop unable to load a class, the loop wedged, the watchdog failed the run and 468 sockets
 * stayed open after it. {@link #RESERVE} keeps room for that, the data dir's files and a few API connections.
 */
final class DescriptorBudget {

    /** Kept for the process: a run's own loops, jars opened to load classes, the data dir, the API's callers. */
    static final long RESERVE = 64;

    private DescriptorBudget() {
    }

    /** Sockets a run may still open now; unbounded where the JVM cannot tell (not a Unix JVM). */
    static long free() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof UnixOperatingSystemMXBean unix) {
            long max = unix.getMaxFileDescriptorCount();
            long open = unix.getOpenFileDescriptorCount();
            if (max > 0 && open >= 0) {
                return Math.max(0, max - open - RESERVE);
            }
        }
        return Long.MAX_VALUE;
    }

    /** Why the connections past the budget are not opened, in the words of the error they would have met. */
    static String shortOf(long openable) {
        long max = ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount() : -1;
        return "Too many open files: " + openable + " could be opened under the process's limit of " + max
                + " descriptors, " + RESERVE + " kept for its own use";
    }
}
