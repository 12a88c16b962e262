package io.loadlab.loadgen.http;

import io.netty.channel.epoll.EpollEventArray;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.netty.channel.epoll.Native;
import io.netty.channel.unix.FileDescriptor;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * The {@code epoll_event} array a {@link ShortConnectionLoop} waits with, read in place. Netty's public
 * {@code Native.epollWait} takes its {@code EpollEventArray}, whose constructor and readers are package-private: made
 * once through reflection (registered for native images here), its memory read here with the
 * layout Netty's native library reports. A failure to make it says so, and the run falls back to Netty's channels.
 */
@RegisterForReflection(classNames = "io.netty.channel.epoll.EpollEventArray")
final class ReadyEvents {

    private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final EpollEventArray array;
    private final ByteBuffer memory;
    private final Method free;
    private final int size = Native.sizeofEpollEvent();
    private final int dataOffset = Native.offsetofEpollData();

    ReadyEvents(int capacity) {
        try {
            Constructor<EpollEventArray> make = EpollEventArray.class.getDeclaredConstructor(int.class);
            make.setAccessible(true);
            this.array = make.newInstance(capacity);
            Field field = EpollEventArray.class.getDeclaredField("memory");
            field.setAccessible(true);
            this.memory = ((ByteBuffer) field.get(array)).duplicate().order(ByteOrder.nativeOrder());
            this.free = EpollEventArray.class.getDeclaredMethod("free");
            free.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("Netty's epoll event array cannot be made here: " + e, e);
        }
    }

    /**
     * Waits on {@code epoll} up to {@code timeoutNanos} (0: only what is ready now; capped at a second, so a loop
     * with nothing scheduled still looks at its queue) and returns how many entries are ready.
     */
    int await(FileDescriptor epoll, FileDescriptor timer, long timeoutNanos) throws IOException {
        if (timeoutNanos <= 0) {
            return Native.epollWait(epoll, array, timer, 0, 0);
        }
        long nanos = Math.min(timeoutNanos, MAX_WAIT_NANOS);
        return Native.epollWait(epoll, array, timer, (int) (nanos / 1_000_000_000L), (int) (nanos % 1_000_000_000L));
    }

    int events(int i) {
        return memory.getInt(i * size);
    }

    int fd(int i) {
        return memory.getInt(i * size + dataOffset);
    }

    void free() {
        try {
            free.invoke(array);
        } catch (ReflectiveOperationException e) {
            // left to the buffer's cleaner
        }
    }
}
