package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CookieTest {

    @Test
    void travelsAs36CharactersAndANul() {
        Cookie c = Cookie.random(new Random(1));
        byte[] wire = c.wire();
        assertEquals(37, wire.length);
        assertEquals(0, wire[36]);
        assertTrue(c.value().matches("[a-z2-7]{36}"), c.value());
        assertEquals(c, Cookie.of(wire));
    }

    @Test
    void aShortOrUnterminatedCookieIsAProtocolError() {
        byte[] wire = new Cookie("a".repeat(36)).wire();
        wire[36] = 'x';
        assertThrows(IperfProtocolException.class, () -> Cookie.of(wire));
        wire[10] = 0;
        assertThrows(IperfProtocolException.class, () -> Cookie.of(wire));
        assertThrows(IperfProtocolException.class, () -> Cookie.of(new byte[5]));
    }
}
