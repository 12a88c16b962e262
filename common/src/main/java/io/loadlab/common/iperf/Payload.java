package io.loadlab.common.iperf;

import java.nio.ByteBuffer;

/** The bytes a stream sends: a fixed pattern (iperf3's {@code --repeating-payload}); content is never checked. */
public final class Payload {

    private Payload() {
    }

    /** A direct buffer of {@code length} bytes, ready to write. */
    public static ByteBuffer block(int length) {
        ByteBuffer b = ByteBuffer.allocateDirect(length);
        for (int i = 0; i < length; i++) {
            b.put((byte) ('0' + i % 10));
        }
        return b.flip();
    }
}
