package io.loadlab.loadgen.api.guard;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.InetAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CidrTest {

    @ParameterizedTest
    @CsvSource({
            "127.0.0.0/8, 127.0.0.1, true",
            "127.0.0.0/8, 127.255.255.254, true",
            "127.0.0.0/8, 128.0.0.1, false",
            "10.1.2.3, 10.1.2.3, true",
            "10.1.2.3, 10.1.2.4, false",
            "192.168.0.0/23, 192.168.1.200, true",
            "192.168.0.0/23, 192.168.2.1, false",
            "0.0.0.0/0, 192.0.2.1, true",
            "::1, ::1, true",
            "::1, ::2, false",
            "fd00::/8, fd12:3456::1, true",
            "fd00::/8, fe80::1, false",
            "2001:db8::/33, 2001:db8:7fff::1, true",
            "2001:db8::/33, 2001:db8:8000::1, false",
            "127.0.0.0/8, ::ffff:127.0.0.1, true",
            "127.0.0.0/8, ::1, false",
            "::1, 127.0.0.1, false",
    })
    void matches(String cidr, String address, boolean expected) throws Exception {
        assertEquals(expected, Cidr.parse(cidr).orElseThrow().contains(InetAddress.getByName(address)));
    }

    @ParameterizedTest
    @CsvSource({"localhost", "example.com", "not-an-ip", "1.2.3"})
    void namesAreNotCidrsAndAreNeverLookedUp(String text) {
        assertTrue(Cidr.parse(text).isEmpty());
    }
}
