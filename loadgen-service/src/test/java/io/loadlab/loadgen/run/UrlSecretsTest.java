package io.loadlab.loadgen.run;

import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Userinfo and query values hidden, everything else as written (issue 42). */
class UrlSecretsTest {

    @Test
    void userinfoAndQueryValuesAreHiddenNamesKept() {
        assertEquals(URI.create("https://redacted@api.example.com:8443/v1/items?api_key=redacted&page=redacted#top"),
                UrlSecrets.redacted(URI.create("https://alice:s3cret@api.example.com:8443/v1/items?api_key=abc%20d&page=2#top")));
        assertEquals(URI.create("http://127.0.0.1:9/x?redacted&n=redacted&=redacted"),
                UrlSecrets.redacted(URI.create("http://127.0.0.1:9/x?bare-token&n=1&=v")));
        assertEquals(URI.create("http://redacted@[::1]:8080/"), UrlSecrets.redacted(URI.create("http://u@[::1]:8080/")));
    }

    @Test
    void aUrlWithNeitherIsItself() {
        URI plain = URI.create("http://127.0.0.1:8080/test/testApi");
        assertSame(plain, UrlSecrets.redacted(plain));
        assertNull(UrlSecrets.redacted(null));
    }

    @Test
    void aPathKeepsItselfAndHidesItsQueryValues() {
        assertEquals("/items/${id}", UrlSecrets.redactedPath("/items/${id}"));
        assertEquals("/items?token=redacted&id=redacted", UrlSecrets.redactedPath("/items?token=${tok}&id=7"));
        assertNull(UrlSecrets.redactedPath(null));
    }
}
