package io.loadlab.loadgen.api;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;

/**
 * Refuses to start an unguarded traffic gun, and compares tokens in constant time (digests first,
 * so neither the content nor the length of the token leaks through timing).
 */
@ApplicationScoped
public class ApiTokenPolicy {

    static final String NO_TOKEN = "loadgen.api.token (env LOADGEN_API_TOKEN) is not set: the load generator refuses to start "
            + "with an unguarded API. Set a token, or loadgen.api.insecure=true to run without one.";

    @Inject
    ApiConfig config;

    void onStart(@Observes StartupEvent event) {
        requireToken(config.token(), config.insecure());
    }

    /** True when a write may proceed: a token is configured and {@code authorization} carries it, or insecure mode. */
    public boolean authorized(String authorization) {
        Optional<String> token = config.token().filter(t -> !t.isBlank());
        return token.isEmpty() ? config.insecure() : matches(authorization, token.get());
    }

    /** @throws IllegalStateException when there is no usable token and insecure mode is off */
    public static void requireToken(Optional<String> token, boolean insecure) {
        if (token.filter(t -> !t.isBlank()).isEmpty() && !insecure) {
            throw new IllegalStateException(NO_TOKEN);
        }
    }

    /** True when {@code header} is {@code Bearer <expected>}. */
    public static boolean matches(String header, String expected) {
        String prefix = "Bearer ";
        if (header == null || !header.regionMatches(true, 0, prefix, 0, prefix.length())) {
            return false;
        }
        return MessageDigest.isEqual(sha256(header.substring(prefix.length()).trim()), sha256(expected));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
