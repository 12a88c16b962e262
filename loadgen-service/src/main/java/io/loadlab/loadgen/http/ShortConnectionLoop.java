package io.loadlab.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.channel.epoll.Native;
import io.netty.channel.unix.FileDescriptor;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An event loop for a connection per request: Netty's task queue and timers (the {@link LoopDriver} schedules on it
 * as on any loop), around its own epoll set of raw sockets instead of channels. A Netty channel costs 18 system calls
 * per connection here (strace: three socket options set or read back, two address lookups, five {@code epoll_ctl}), and
 * its pipeline, promises and connect timer about 6 us of user time; wrk's path costs 7 calls. The sockets are added
 * edge-triggered for input and output at once, so connect, write, read and close need no further {@code epoll_ctl},
 * and a closed descriptor leaves the set by itself. Takes no channel: {@link #register} fails, as for any loop a
 * channel is not made for.
 */
final class ShortConnectionLoop extends SingleThreadEventLoop {

    private static final Logger LOG = Logger.getLogger(ShortConnectionLoop.class);
    /** Ready entries taken per wait: wrk averaged 17 per wait at 50 connections; more wait their turn in the kernel. */
    private static final int MAX_EVENTS = 256;
    /** One read holds any answer line and most whole answers: wrk reads 8 KiB. */
    private static final int READ_BYTES = 16 * 1024;

    private final FileDescriptor epoll;
    private final FileDescriptor wake;
    private final FileDescriptor timer;
    private final ReadyEvents ready;
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private final ByteBuf readBuffer = Unpooled.directBuffer(READ_BYTES, READ_BYTES);
    private Readiness[] handlers = new Readiness[256];

    ShortConnectionLoop(EventLoopGroup parent, Executor executor) {
        super(parent, executor, false);
        FileDescriptor e = null;
        FileDescriptor w = null;
        FileDescriptor t = null;
        try {
            e = Native.newEpollCreate();
            w = Native.newEventFd();
            t = Native.newTimerFd();
            Native.epollCtlAdd(e.intValue(), w.intValue(), Native.EPOLLIN | Native.EPOLLET);
            Native.epollCtlAdd(e.intValue(), t.intValue(), Native.EPOLLIN | Native.EPOLLET);
            this.ready = new ReadyEvents(MAX_EVENTS);
        } catch (IOException | RuntimeException failed) {
            closeQuietly(e);
            closeQuietly(w);
            closeQuietly(t);
            readBuffer.release();
            throw new IllegalStateException("cannot make a short-connection loop: " + failed, failed);
        }
        this.epoll = e;
        this.wake = w;
        this.timer = t;
    }

    /** Watches {@code fd} for input and output, edge-triggered, until it is closed; {@link #forget} before closing it. */
    void add(int fd, Readiness handler) throws IOException {
        if (fd >= handlers.length) {
            handlers = Arrays.copyOf(handlers, Math.max(fd + 1, handlers.length * 2));
        }
        handlers[fd] = handler;
        Native.epollCtlAdd(epoll.intValue(), fd, Native.EPOLLIN | Native.EPOLLOUT | Native.EPOLLRDHUP | Native.EPOLLET);
    }

    /** No more calls for {@code fd}: about to be closed, which takes it out of the epoll set. */
    void forget(int fd) {
        if (fd < handlers.length) {
            handlers[fd] = null;
        }
    }

    /** This loop's buffer for reads, whole again for each: a read is parsed before the next begins. */
    ByteBuf readBuffer() {
        return readBuffer;
    }

    @Override
    protected void run() {
        while (true) {
            try {
                // What is ready now first: under load something always is, and a timed wait costs a timerfd_settime
                // besides (strace: one per wait, 633 for 13,000 requests, when every wait was timed).
                int n = ready.await(epoll, timer, 0);
                if (n == 0 && !hasTasks()) {
                    sleeping.set(true);
                    long delay = hasTasks() ? 0 : delayNanos(System.nanoTime()); // a task added before the flag was set
                    n = ready.await(epoll, timer, delay);
                    sleeping.set(false);
                }
                for (int i = 0; i < n; i++) {
                    int fd = ready.fd(i);
                    Readiness handler = fd < handlers.length ? handlers[fd] : null;
                    if (handler != null) { // the wake and timer descriptors have none
                        try {
                            handler.ready(ready.events(i));
                        } catch (RuntimeException bug) {
                            LOG.warn("a socket's handler failed; the other ready sockets are still served", bug);
                        }
                    }
                }
            } catch (IOException failedWait) {
                sleeping.set(false);
                LOG.warn("epoll_wait failed; waiting a millisecond before the next", failedWait);
                pause(); // as Netty's own loop does, so a wait that keeps failing cannot spin a core
            }
            runAllTasks();
            if (isShuttingDown() && confirmShutdown()) {
                return;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void wakeup(boolean inEventLoop) {
        if (!inEventLoop && sleeping.compareAndSet(true, false)) {
            try {
                Native.eventFdWrite(wake.intValue(), 1L);
            } catch (RuntimeException ignored) {
                // the loop still wakes within a second (ReadyEvents caps each wait)
            }
        }
    }

    @Override
    protected void cleanup() {
        ready.free();
        readBuffer.release();
        closeQuietly(timer);
        closeQuietly(wake);
        closeQuietly(epoll);
    }

    private static void closeQuietly(FileDescriptor fd) {
        if (fd != null) {
            try {
                fd.close();
            } catch (IOException ignored) {
                // nothing left to do with it
            }
        }
    }
}
