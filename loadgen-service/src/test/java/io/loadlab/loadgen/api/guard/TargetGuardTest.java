package io.loadlab.loadgen.api.guard;

import io.loadlab.loadgen.run.InvalidSpecException;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The allowlist judged on resolved addresses, with a fake resolver: no DNS query leaves the machine. */
class TargetGuardTest {

    static final Map<String, List<String>> NAMES = Map.of(
            "localhost", List.of("127.0.0.1", "::1"),
            "lab.internal", List.of("10.9.8.7"),
            "sneaky.example", List.of("127.0.0.1", "192.0.2.1"),
            "loopy.example", List.of("127.0.0.2"));

    static TargetGuard guard(String... allowed) {
        HostResolver fake = new HostResolver() {
            @Override
            public List<InetAddress> resolve(String host) throws UnknownHostException {
                List<String> ips = Cidr.literal(host).isPresent() ? List.of(host) : NAMES.get(host);
                if (ips == null) {
                    throw new UnknownHostException(host);
                }
                return ips.stream().map(ip -> Cidr.literal(ip).orElseThrow()).toList();
            }
        };
        return new TargetGuard(() -> List.of(allowed), fake);
    }

    static final TargetGuard DEFAULT = guard("127.0.0.0/8", "::1", "localhost");

    @Test
    void loopbackIsAllowedByAddressAndName() {
        assertDoesNotThrow(() -> DEFAULT.check(URI.create("http://127.0.0.1:8080/")));
        assertDoesNotThrow(() -> DEFAULT.check(URI.create("http://[::1]:8080/")));
        assertDoesNotThrow(() -> DEFAULT.check(URI.create("http://localhost:8080/")));
        assertDoesNotThrow(() -> DEFAULT.check(URI.create("http://loopy.example/")), "any name resolving to loopback");
    }

    @Test
    void otherAddressesAreRefusedNamingAddressAndRule() {
        TargetRefusedException e = assertThrows(TargetRefusedException.class,
                () -> DEFAULT.check(URI.create("http://192.0.2.1/")));
        assertEquals("192.0.2.1", e.address());
        assertEquals("loadgen.targets.allowed=127.0.0.0/8,::1,localhost", e.rule());
    }

    @Test
    void aNameIsJudgedByEveryAddressItResolvesTo() {
        TargetRefusedException e = assertThrows(TargetRefusedException.class,
                () -> DEFAULT.check(URI.create("http://sneaky.example:8080/")));
        assertEquals("192.0.2.1", e.address());
        assertThrows(TargetRefusedException.class, () -> DEFAULT.check(URI.create("http://lab.internal/")));
        assertThrows(TargetRefusedException.class, () -> DEFAULT.check(URI.create("http://[::ffff:192.0.2.1]/")));
    }

    @Test
    void allowedNamesAdmitTheirAddresses() {
        TargetGuard lab = guard("lab.internal", "2001:db8::/32");
        assertDoesNotThrow(() -> lab.check(URI.create("http://lab.internal/")));
        assertDoesNotThrow(() -> lab.check(URI.create("http://10.9.8.7/")));
        assertDoesNotThrow(() -> lab.check(URI.create("http://[2001:db8::5]/")));
        assertThrows(TargetRefusedException.class, () -> lab.check(URI.create("http://127.0.0.1/")));
    }

    @Test
    void unresolvableHostIsABadTargetField() {
        InvalidSpecException e = assertThrows(InvalidSpecException.class,
                () -> DEFAULT.check(URI.create("http://no-such-host.invalid/")));
        assertEquals("target", e.violations().get(0).field());
    }
}
