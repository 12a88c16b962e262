package io.loadlab.loadgen.api;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApiTokenPolicyTest {

    @Test
    void refusesToStartWithoutATokenUnlessInsecure() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ApiTokenPolicy.requireToken(Optional.empty(), false));
        assertTrue(e.getMessage().contains("loadgen.api.token"));
        assertThrows(IllegalStateException.class, () -> ApiTokenPolicy.requireToken(Optional.of("  "), false));
        assertDoesNotThrow(() -> ApiTokenPolicy.requireToken(Optional.empty(), true));
        assertDoesNotThrow(() -> ApiTokenPolicy.requireToken(Optional.of("s3cret"), false));
    }

    @Test
    void bearerTokenMustMatchExactly() {
        assertTrue(ApiTokenPolicy.matches("Bearer s3cret", "s3cret"));
        assertTrue(ApiTokenPolicy.matches("bearer s3cret", "s3cret"));
        assertFalse(ApiTokenPolicy.matches("Bearer s3cre", "s3cret"));
        assertFalse(ApiTokenPolicy.matches("Bearer s3cret2", "s3cret"));
        assertFalse(ApiTokenPolicy.matches("Basic s3cret", "s3cret"));
        assertFalse(ApiTokenPolicy.matches(null, "s3cret"));
    }
}
