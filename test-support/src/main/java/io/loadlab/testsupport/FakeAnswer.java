package io.loadlab.testsupport;

import java.nio.charset.StandardCharsets;

/**
 * One scripted answer of a {@link FakeAgent}: what it sends and how. A well-behaved answer sends its whole body at
 * once; the others are the byte-level tricks a controller must survive: a late answer, a body that stops after
 * {@code sent} bytes of the {@code declaredLength} the headers promised, a body dripped a few bytes at a time.
 *
 * @param status         the HTTP status
 * @param body           the bytes the answer has
 * @param declaredLength the {@code Content-Length} the headers claim (the body's length, unless it lies)
 * @param sent           how many of {@code body}'s bytes are sent; after them the connection stalls until the fake
 *                       is closed (or {@link FakeAgent#MAX_STALL_MILLIS}) when fewer than {@code declaredLength}
 * @param delayMillis    waited before the headers
 * @param dripMillis     waited between chunks of {@code dripBytes}; 0 sends at once
 * @param dripBytes      bytes per chunk when dripping
 */
public record FakeAnswer(int status, byte[] body, long declaredLength, int sent, long delayMillis, long dripMillis,
                         int dripBytes) {

    public FakeAnswer {
        if (status < 100 || status > 599 || sent < 0 || sent > body.length || declaredLength < 0 || delayMillis < 0
                || dripMillis < 0 || dripBytes < 1) {
            throw new IllegalArgumentException("not an answer: status " + status + ", sent " + sent + " of "
                    + body.length + ", declared " + declaredLength);
        }
    }

    public static FakeAnswer json(String body) {
        return of(200, body.getBytes(StandardCharsets.UTF_8));
    }

    public static FakeAnswer of(int status, byte[] body) {
        return new FakeAnswer(status, body, body.length, body.length, 0, 0, 1);
    }

    public static FakeAnswer noContent() {
        return of(204, new byte[0]);
    }

    /** Headers promising {@code declaredLength} bytes, {@code prefix}, then nothing: a stalled agent. */
    public static FakeAnswer stallAfter(String prefix, long declaredLength) {
        byte[] b = prefix.getBytes(StandardCharsets.UTF_8);
        return new FakeAnswer(200, b, declaredLength, b.length, 0, 0, 1);
    }

    /** This answer, sent after {@code millis}. */
    public FakeAnswer after(long millis) {
        return new FakeAnswer(status, body, declaredLength, sent, millis, dripMillis, dripBytes);
    }

    /** This answer's body, {@code bytes} at a time every {@code millis}. */
    public FakeAnswer dripped(int bytes, long millis) {
        return new FakeAnswer(status, body, declaredLength, sent, delayMillis, millis, bytes);
    }
}
