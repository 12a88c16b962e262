package io.loadlab.target.api;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlainHostTest {

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "target-service.load.svc", "A-b.C9:65535"})
    void namesAndPortsArePlain(String host) {
        assertTrue(PlainHost.is(host), host);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"[bad", "[::1]:8080", ":8080", "host:", "host:123456", "host:8o", "ho st", "host_1", "a@b", "h:1:2"})
    void everythingElseTakesTheRoutedPath(String host) {
        assertFalse(PlainHost.is(host), host);
    }
}
