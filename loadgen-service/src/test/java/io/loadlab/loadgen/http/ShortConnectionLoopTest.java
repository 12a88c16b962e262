package io.loadlab.loadgen.http;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The short-connection loop is a whole Netty event loop for what the run schedules on it: tasks from other threads
 * wake it from its wait, timers fire no earlier than asked, and shutting it down gives back its three descriptors.
 */
class ShortConnectionLoopTest {

    @Test
    void tasksFromOtherThreadsWakeItAndTimersFireNoEarlierThanAsked() throws Exception {
        ShortConnectionGroup group = new ShortConnectionGroup(1, new DefaultThreadFactory("short-test", true));
        try {
            EventLoop loop = group.next();
            CountDownLatch first = new CountDownLatch(1);
            loop.execute(first::countDown);
            assertTrue(first.await(10, TimeUnit.SECONDS), "a task from another thread ran");
            Thread.sleep(300); // long enough for the loop to be asleep in epoll_wait with nothing to do
            CountDownLatch woken = new CountDownLatch(1);
            AtomicLong onLoop = new AtomicLong();
            loop.execute(() -> {
                onLoop.set(loop.inEventLoop() ? 1 : 0);
                woken.countDown();
            });
            assertTrue(woken.await(10, TimeUnit.SECONDS), "a sleeping loop woke for a task");
            assertEquals(1, onLoop.get(), "tasks run on the loop's own thread");

            long asked = System.nanoTime();
            AtomicLong fired = new AtomicLong();
            CountDownLatch timer = new CountDownLatch(1);
            loop.schedule(() -> {
                fired.set(System.nanoTime());
                timer.countDown();
            }, 150, TimeUnit.MILLISECONDS);
            assertTrue(timer.await(10, TimeUnit.SECONDS), "the timer fired");
            assertTrue(fired.get() - asked >= TimeUnit.MILLISECONDS.toNanos(150), "never early");
        } finally {
            assertTrue(group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shuttingDownGivesBackItsDescriptors() throws Exception {
        cycle(2); // once first, so classes and jars the loops need are already open
        long before = openDescriptors();
        ShortConnectionGroup group = new ShortConnectionGroup(2, new DefaultThreadFactory("short-test", true));
        long during = openDescriptors();
        assertTrue(group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS));
        group.terminationFuture().await(10, TimeUnit.SECONDS);
        assertEquals(before + 6, during, "an epoll set, an eventfd and a timerfd per loop");
        assertEquals(before, openDescriptors(), "all given back once terminated");
    }

    private static void cycle(int threads) throws InterruptedException {
        ShortConnectionGroup group = new ShortConnectionGroup(threads, new DefaultThreadFactory("short-test", true));
        group.next().execute(() -> { });
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count() - 1; // the listing's own
        }
    }
}
