package io.loadlab.target.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.target.TargetConfig;
import io.netty.buffer.Unpooled;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CaffeineCache;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;

/**
 * The encoded answer for each {@code number}, built once and kept in the quarkus-cache (Caffeine) cache
 * {@value #NAME}: expiry, size and metrics are configured in application.properties.
 *
 * <p>The bytes are cached, not the list, so the hot path never serializes. The programmatic
 * {@code getIfPresent}/{@code put} is used rather than {@code @CacheResult} because a synchronous
 * {@code @CacheResult} method awaits a Uni, which is forbidden on the event loop that answers.
 */
@ApplicationScoped
public class AnswerCache {

    public static final String NAME = "test-api";

    private final CaffeineCache cache;
    private final ObjectMapper mapper;

    public AnswerCache(@CacheName(NAME) Cache cache, ObjectMapper mapper, TargetConfig config) {
        this.cache = cache.as(CaffeineCache.class);
        this.mapper = mapper;
        // quarkus.cache.* is fixed at build time; target.cache.* applies at runtime, so environment overrides work.
        this.cache.setExpireAfterWrite(config.cache().expireAfterWrite());
        this.cache.setMaximumSize(config.cache().maximumSize());
    }

    /** The encoded answer for {@code n} items; counts a hit or a miss in the cache's metrics. */
    public Buffer answer(int n) {
        CompletableFuture<Buffer> cached = cache.getIfPresent(n);
        if (cached != null && cached.isDone() && !cached.isCompletedExceptionally()) {
            return cached.join();
        }
        // Two concurrent misses may both encode: harmless, the bytes are identical and the last put wins.
        Buffer encoded = encode(n);
        cache.put(n, CompletableFuture.completedFuture(encoded));
        return encoded;
    }

    private Buffer encode(int n) {
        try {
            byte[] bytes = mapper.writeValueAsBytes(Answer.ofItems(n));
            // Direct and unreleasable: written as is by every response, never copied to the socket per request.
            return Buffer.buffer(Unpooled.unreleasableBuffer(Unpooled.directBuffer(bytes.length).writeBytes(bytes)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
