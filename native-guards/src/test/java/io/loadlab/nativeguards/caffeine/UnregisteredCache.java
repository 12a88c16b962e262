package io.loadlab.nativeguards.caffeine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;

/** The target's answer cache as it was in issue 48: bounded by weight, expiring, with stats, and nothing registered. */
public final class UnregisteredCache {

    public Cache<Integer, byte[]> build() {
        return Caffeine.newBuilder()
                .maximumWeight(1 << 20)
                .weigher((Integer n, byte[] bytes) -> bytes.length)
                .expireAfterWrite(Duration.ofMinutes(1000))
                .recordStats()
                .build();
    }
}
