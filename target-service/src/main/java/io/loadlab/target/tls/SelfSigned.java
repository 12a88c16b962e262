package io.loadlab.target.tls;

import io.loadlab.common.tls.Certificates;
import io.loadlab.common.tls.IssuedCertificate;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The certificate served when no files are given: made at start (EC P-256, about 1 ms), for localhost, the loopback
 * addresses, this host's name and address (a pod's name and IP) and the configured names. Clients verify it by its
 * fingerprint, which the start logs, or trust nothing ({@code tls.insecure}); a real one comes from a Secret.
 */
final class SelfSigned {

    /** A clock a minute behind ours still accepts it. */
    private static final Duration BACKDATE = Duration.ofMinutes(5);
    private static final Duration VALIDITY = Duration.ofDays(365);

    private SelfSigned() {
    }

    /** The names the certificate covers, without duplicates, in order. */
    static List<String> names(List<String> configured) {
        Set<String> names = new LinkedHashSet<>(List.of("localhost", "127.0.0.1", "::1"));
        try {
            InetAddress self = InetAddress.getLocalHost();
            names.add(self.getHostName());
            names.add(self.getHostAddress());
        } catch (UnknownHostException e) {
            // a host without a resolvable name still serves localhost; the configured names cover the rest
        }
        for (String name : configured) {
            if (!name.isBlank()) {
                names.add(name.strip());
            }
        }
        return List.copyOf(names);
    }

    static ServerCertificate make(Vertx vertx, List<String> names, Instant now) {
        IssuedCertificate made = Certificates.selfSigned(names, now.minus(BACKDATE), now.plus(VALIDITY));
        return ServerCertificate.of(vertx, Buffer.buffer(made.certificatePem()), Buffer.buffer(made.keyPem()),
                "self-signed for " + names);
    }
}
