package io.loadlab.target.iperf;

import io.loadlab.common.iperf.Payload;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;

/**
 * One test's direct buffers, shared by its streams and freed at the test's end. Content is never checked, so every
 * sender writes from a view of one block of {@code length} bytes, and every receiver reads into a view of one 128 KiB
 * buffer (TCP hands over a stream, whatever {@code -l} the client wrote it in). Before, each stream held its own
 * {@code max(length, 128 KiB)} until a GC: {@code -P 128 --bidir -l 1M} left 256 MiB per test, RSS 105 → 956 MB.
 */
final class SessionBuffers {

    static final int RECEIVE_BYTES = 128 * 1024;

    private final int length;
    private ByteBuffer send;
    private ByteBuffer receive;

    SessionBuffers(int length) {
        this.length = length;
    }

    /** The block senders write from; each takes its own view ({@code duplicate}). */
    synchronized ByteBuffer send() {
        if (send == null) {
            send = Payload.block(length);
        }
        return send;
    }

    /** The buffer receivers read into; each takes its own view. */
    synchronized ByteBuffer receive() {
        if (receive == null) {
            receive = ByteBuffer.allocateDirect(RECEIVE_BYTES);
        }
        return receive;
    }

    /**
     * Frees both buffers now rather than at some later GC. Only when no stream can touch them any more: a stream
     * thread still alive (it did not stop within its join) leaves them to the GC, since freeing memory a thread still
     * writes would crash the process.
     */
    synchronized void release(boolean streamsEnded) {
        if (streamsEnded) {
            free(send);
            free(receive);
        }
        send = null;
        receive = null;
    }

    private static void free(ByteBuffer buffer) {
        if (buffer == null) {
            return;
        }
        try {
            // sun.misc.Unsafe.invokeCleaner (jdk.unsupported, Java 9+): the one public way to free a direct buffer now
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            Method invokeCleaner = unsafeClass.getMethod("invokeCleaner", ByteBuffer.class);
            invokeCleaner.invoke(theUnsafe.get(null), buffer);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not freed now: the GC frees it later, as before
        }
    }
}
