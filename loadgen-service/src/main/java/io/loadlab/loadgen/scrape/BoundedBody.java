package io.loadlab.loadgen.scrape;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An answer's body read into memory up to {@code cap} bytes: past it the exchange is cancelled and the body fails
 * with {@link TooLarge}, so a flood costs at most {@code cap} bytes and never a full read. Shared by every caller of
 * the one {@link java.net.http.HttpClient}: the agent client and the Prometheus resource source.
 */
public final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** The body went past its cap. */
    public static final class TooLarge extends IOException {
        TooLarge(int cap) {
            super("answer over " + cap + " bytes");
        }
    }

    private final int cap;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private byte[] bytes = new byte[256];
    private int size;
    private Flow.Subscription subscription;

    public BoundedBody(int cap) {
        this.cap = cap;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        for (ByteBuffer b : items) {
            if (body.isDone()) {
                return;
            }
            if (b.remaining() > cap - size) {
                subscription.cancel();
                body.completeExceptionally(new TooLarge(cap));
                return;
            }
            if (size + b.remaining() > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.min(cap, Math.max(bytes.length * 2, size + b.remaining())));
            }
            int n = b.remaining();
            b.get(bytes, size, n);
            size += n;
        }
    }

    @Override
    public void onError(Throwable t) {
        body.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        body.complete(Arrays.copyOf(bytes, size));
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }
}
