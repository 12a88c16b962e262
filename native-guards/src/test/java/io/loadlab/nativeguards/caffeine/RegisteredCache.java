package io.loadlab.nativeguards.caffeine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Bounded by count: Caffeine generates {@code SSMS} and its node {@code PSMS}, both named here. */
@RegisterForReflection(classNames = {"com.github.benmanes.caffeine.cache.SSMS", "com.github.benmanes.caffeine.cache.PSMS"})
public final class RegisteredCache {

    public Cache<String, String> build() {
        return Caffeine.newBuilder().maximumSize(10).build();
    }
}
