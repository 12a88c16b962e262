package io.loadlab.target.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.loadlab.target.TargetConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * The encoded answer for each {@code number}, built once and kept in the Caffeine cache {@value #NAME}, bounded by
 * bytes ({@link CacheBudget}) and by count: every entry weighs at least the budget over {@code target.cache.maximum-size},
 * so neither 1,000 small nor a few huge answers pass their bound. Its meters are Micrometer's Caffeine binder
 * ({@code cache_gets_total{cache="test-api",result}}, {@code cache_size}, evictions).
 *
 * <p>The bytes are cached, not the list, so the hot path never serializes and a hit allocates nothing. An answer
 * that cannot be cached, larger than the whole budget or refused direct memory, is encoded for its request alone,
 * on the heap: a valid request never gets a 500 because memory is short.
 */
@ApplicationScoped
public class AnswerCache {

    public static final String NAME = "test-api";

    private final Cache<Integer, Buffer> cache;
    private final ObjectMapper mapper;
    private final long budgetBytes;

    public AnswerCache(ObjectMapper mapper, TargetConfig config, MeterRegistry registry) {
        this.mapper = mapper;
        this.budgetBytes = CacheBudget.bytes(config.cache().maxBytes());
        int minWeight = (int) Math.min(Integer.MAX_VALUE, Math.max(1, budgetBytes / Math.max(1, config.cache().maximumSize())));
        this.cache = Caffeine.newBuilder()
                .maximumWeight(budgetBytes)
                .weigher((Integer n, Buffer answer) -> Math.max(minWeight, answer.length()))
                .expireAfterWrite(config.cache().expireAfterWrite())
                .recordStats()
                .build();
        CaffeineCacheMetrics.monitor(registry, cache, NAME);
    }

    /** The byte budget in force, for the log and the tests. */
    public long budgetBytes() {
        return budgetBytes;
    }

    /** The encoded answer for {@code n} items; counts a hit or a miss in the cache's metrics. */
    public Buffer answer(int n) {
        Buffer cached = cache.getIfPresent(n);
        if (cached != null) {
            return cached;
        }
        // Two concurrent misses may both encode: harmless, the bytes are identical and the last put wins.
        byte[] bytes = encode(n);
        if (bytes.length > budgetBytes) {
            return Buffer.buffer(bytes);
        }
        ByteBuffer direct;
        try {
            // The JDK's direct buffer, freed by its cleaner once evicted and unreachable: Netty's own could be freed only
            // by a release, which an answer still being written by other responses must never get.
            direct = ByteBuffer.allocateDirect(bytes.length);
        } catch (OutOfMemoryError noDirectMemory) {
            return Buffer.buffer(bytes);
        }
        direct.put(bytes).flip();
        // Unreleasable: written as is by every response, never copied to the socket per request.
        Buffer encoded = Buffer.buffer(Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(direct)));
        cache.put(n, encoded);
        return encoded;
    }

    private byte[] encode(int n) {
        try {
            return mapper.writeValueAsBytes(Answer.ofItems(n));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
