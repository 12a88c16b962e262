package io.loadlab.cli.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body read into memory up to {@code cap} bytes: one byte more cancels the exchange and fails it, so a server
 * that streams without end costs at most the cap (the JDK's {@code ofByteArray} reads whatever comes).
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final long cap;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    CappedBody(long cap) {
        this.cap = cap;
    }

    static HttpResponse.BodyHandler<byte[]> handler(long cap) {
        return info -> new CappedBody(cap);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer b : buffers) {
            if (bytes.size() + (long) b.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(new IOException("answer over " + cap + " bytes"));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            bytes.writeBytes(chunk);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(bytes.toByteArray());
    }
}
